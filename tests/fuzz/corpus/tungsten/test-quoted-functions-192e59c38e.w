async i in [0, 4) a[i] = a[i] * a[i] + rx * 2;
