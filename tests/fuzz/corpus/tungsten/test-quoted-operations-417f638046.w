xp a[4];
xp b[4];
dsd(zero a) i in [0, 4) b[i] <- a[i];
