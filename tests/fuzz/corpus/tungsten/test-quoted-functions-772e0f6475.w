async i in [0, 4) a[i] = a[i] * 2;
