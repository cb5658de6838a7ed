) i in [0, 4) tx <- a[i];
