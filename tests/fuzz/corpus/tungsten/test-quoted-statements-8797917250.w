xp n = 3;
xp a[n=5];
i in [0, n) a[i] = 9;
i in [n, 2) a[i] = 7;
i in [n + 1, 5) a[i] = i * i;
