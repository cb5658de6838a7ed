async(unblock t) i in [0, 3) tx <- a[i];
