xp param N;
xp a[n=N];
xp b = 1;
xp clamp(xp x, xp hi) { if (x > hi) return hi; return x; }
void scale(xp v[n=N], xp k) { i in [0, N) v[i] <- v[i] * k; return; }
b = clamp(b + 1, 10);
scale(a, b);
clamp(b, 2);
