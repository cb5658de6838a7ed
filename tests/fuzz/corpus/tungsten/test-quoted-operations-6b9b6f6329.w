xp socket tx;
xp a[3] = {1, 2, 3};
async(microthread 6, priority high) i in [0, 3) tx <- a[i];
