i in [0, 2) b[i] = a[i];
