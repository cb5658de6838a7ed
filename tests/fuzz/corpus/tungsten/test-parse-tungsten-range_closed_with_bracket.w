i in [0, N] a[i] = 0;
