xp a[N][m=N];
