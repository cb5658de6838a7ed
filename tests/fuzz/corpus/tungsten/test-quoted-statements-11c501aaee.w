xp m[n=4][k=4];
i in [0, 4) j in [i, 5) m[i][j] = 1;
