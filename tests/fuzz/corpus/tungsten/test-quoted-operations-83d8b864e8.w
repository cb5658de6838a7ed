xp socket tx;
xp a[6] = {1, 2, 3, 4, 5, 6};
i in [0, 6) tx <- a[i];
