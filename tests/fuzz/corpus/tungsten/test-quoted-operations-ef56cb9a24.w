xp socket tx;
xp a[3];
dsd(index 1) i in [0, 3) tx <- a[i];
