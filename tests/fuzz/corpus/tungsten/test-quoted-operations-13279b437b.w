xp socket tx;
xp a[4];
xp b[4];
dsd(zero b) i in [0, 4) tx <- a[i];
