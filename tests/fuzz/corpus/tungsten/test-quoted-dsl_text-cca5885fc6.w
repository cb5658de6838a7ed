xp param N;
xp a[n=N];
xp b = 1;
if (b > 0 && N != 1) a[0] = 1; else a[0] = 2;
if (!(b <= 2) || b >= 3 || b == N) { a[1] = b / 2; }
i in [0, N) if (i > 1) a[i] = a[i] / 2; else if (i == 0) a[i] = 0;
i in [0, N) j in [0, 2) { b = b + j; a[i] = b; }
xp socket rx;
on rx(xp v, xp w) { b = v > w ? v : w; }
