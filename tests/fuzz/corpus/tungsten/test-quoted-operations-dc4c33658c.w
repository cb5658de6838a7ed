xp socket tx;
xp a[4] = {4, 3, 2, 1};
i in [0, 4) tx <- a[i];
