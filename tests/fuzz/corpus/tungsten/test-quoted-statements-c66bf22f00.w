i in [0, 1024) c[i] = a[i] & b[i];
