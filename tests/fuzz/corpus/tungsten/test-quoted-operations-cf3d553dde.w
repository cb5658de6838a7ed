xp socket tx;
xp a[4];
dsd(control, control) i in [0, 4) tx <- a[i];
