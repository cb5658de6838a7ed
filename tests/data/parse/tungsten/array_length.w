xp param N;
xp a[n=N];
xp n = a.length;
