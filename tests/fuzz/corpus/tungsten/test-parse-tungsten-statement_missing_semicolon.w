i in [0, N) a[i] = a[i] + 1
b = 2;
