// first.w — the head of the chain: sends N f32 values, 1, 2, ..., N, east on sum.
xp param N;
sp socket sum;

sp x[n=N];

i in [0, N) x[i] = i + 1;
i in [0, N) sum <- x[i];
