xp m[n=4][k=4];
i in [0, 4) j in [0, 4) m[i][j] = 10 * i + j;
xp t = 0;
t = ∑(i in [0, 4) j in [i, 4)) m[i][j];
xp count = ∑(i in [0, 4) j in [0, i)) 1;
