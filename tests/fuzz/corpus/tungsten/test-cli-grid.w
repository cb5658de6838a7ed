// A 2-D array and an sp array, for miget's selections and value printing.
xp g[m=2][n=3] = {{1, 2, 3}, {4, 5, 6}};
sp f[k=3] = {1.5, 2.5, 3.5};

i in [0, 3) f[i] = f[i] * 2.0 + 0.25;
