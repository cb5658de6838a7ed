xp socket tx;
xp a[6] = {5, 6, 7, 8, 9, 10};
xp n = 4;
xp first = 1;
j in [first, first + n) tx <- a[j];
