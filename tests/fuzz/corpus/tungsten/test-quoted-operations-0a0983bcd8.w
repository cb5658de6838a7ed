xp socket tx;
xp a[4] = {1, 2, 3, 4};
xp b[4] = {5, 6, 7, 8};
dsd(zero a) i in [0, 4) tx <- a[i] * b[i];
