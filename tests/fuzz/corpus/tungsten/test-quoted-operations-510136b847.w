async i in [0, 3) tx <- a[i];
