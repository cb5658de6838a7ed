xp socket tx;
xp a[15] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
dsd(advance_switch) i in [0, 10) tx <- a[i];
i in [10, 15) tx <- a[i];
