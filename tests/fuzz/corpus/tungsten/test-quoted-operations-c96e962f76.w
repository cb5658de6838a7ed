xp socket tx;
xp a[4];
xp b[4];
dsd(control) i in [0, 4) tx <- a[i] * b[i] + a[i] * b[i];
