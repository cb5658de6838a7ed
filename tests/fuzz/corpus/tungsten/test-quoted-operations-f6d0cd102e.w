xp socket tx;
xp a[4];
i in [0, 4) j in [i, 4) dsd(control) tx <- a[j];
