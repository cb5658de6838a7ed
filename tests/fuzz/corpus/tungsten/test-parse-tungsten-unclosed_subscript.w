i in [0, 4) a[i <- 1;
