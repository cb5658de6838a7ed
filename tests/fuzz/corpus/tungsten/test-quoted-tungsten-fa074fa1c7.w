if (a < b) x = 1;
if (a) if (b) x = 2; else x = 3;
i in [0, N) j in [i, N) { t[i][j] = 0; }
i in [0, N) if (i > 2) t[i][i] = 1; else { t[i][i] = 2; }
