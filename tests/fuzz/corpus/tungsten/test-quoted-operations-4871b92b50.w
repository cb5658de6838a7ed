xp socket tx;
xp a[4] = {1, 2, 3, 4};
dsd(zero a) i in [0, 4) tx <- a[i];
