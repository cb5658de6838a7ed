xp socket tx;
xp x = 1;
dsd(control) if (x) tx <- 1;
