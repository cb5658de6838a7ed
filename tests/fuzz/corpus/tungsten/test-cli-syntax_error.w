xp param N;
xp a[n=N]
i in [0, N) a[i] = i;
