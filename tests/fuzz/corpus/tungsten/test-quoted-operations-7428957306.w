xp param N = 6;
xp a[N] = {1, 2, 3, 4, 5, 6};
xp b[N] = {7, -8, 9, -10, 11, -12};
xp m[N][N];
i in [0, N) j in [i, N) m[i][j] = a[i] * b[j];
