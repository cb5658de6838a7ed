xp socket tx;
xp a[4];
dsd(control 3) i in [0, 4) tx <- a[i];
