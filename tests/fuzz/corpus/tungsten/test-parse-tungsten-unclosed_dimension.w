xp param N;
xp a[n=N;
