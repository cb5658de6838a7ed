xp param N; // required
xp param M = 10;
xp param P, Q, R;
sp socket rx, tx;
xp a[n=N];
i in [0, N) a[i] = i;
