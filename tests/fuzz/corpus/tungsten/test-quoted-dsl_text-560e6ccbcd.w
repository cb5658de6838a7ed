xp param N;
u16 a[n=N];
u16 b = 1;
b = b % 3 & 7 | b ^ 2;
b = (~b << 2) >> 1;
b = b x>> 1;
a[0] = sum(i in [0, N)) a[i];
a[1] = â(i in [0, N) j in [i, N)) a[j] * 2 + 1;
