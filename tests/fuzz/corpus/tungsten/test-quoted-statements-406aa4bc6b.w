xp m[n=4][k=4];
xp count = 0;
i in [0, 4) j in [i, 4) m[i][j] = 10 * i + j;
i in [0, 4) j in [i, 4) count = count + 1;
