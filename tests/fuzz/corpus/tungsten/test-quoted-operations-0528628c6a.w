sp socket tx;
sp a[2];
dsd(simd32) i in [0, 2) tx <- a[i];
