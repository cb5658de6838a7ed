xp socket tx;
xp a[3];
async(fast) i in [0, 3) tx <- a[i];
