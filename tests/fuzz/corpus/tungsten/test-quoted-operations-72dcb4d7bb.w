xp socket tx;
xp a[3];
async(priority urgent) i in [0, 3) tx <- a[i];
