xp socket tx;
xp a[3] = {7, 8, 9};
i in [0, 3) tx <- a[i];
dsd(control) tx <- 0;
