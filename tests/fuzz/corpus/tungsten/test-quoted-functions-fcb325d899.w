async i in [0, 4) j in [i, 4) a[j] = rx;
