xp a[4];
xp m[4][4];
i in [0, 4) j in [i, 5) m[i][j] = a[i];
