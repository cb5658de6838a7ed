xp dot(xp a[n=N], xp b[n=N]) { return ∑(k in [0, N)) a[k] * b[k] + 1; }
void reset() { return; }
on rx(u4 kind, s12 value) { tx = wavelet(kind, value); }
reset();
xp sum = 0;
sum = sum(i in [0, 2) j in [i, 2)) m[i][j] + sum;
