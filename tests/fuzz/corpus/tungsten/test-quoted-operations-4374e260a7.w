xp socket rx;
xp socket tx;
xp a[3];
async(unblock rx) i in [0, 3) tx <- a[i];
