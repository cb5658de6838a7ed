;
j in [lo, hi) b[j] = a[j + k] + a[k - j + 3];
