xp socket tx;
xp a[3];
dsd(fast) i in [0, 3) tx <- a[i];
