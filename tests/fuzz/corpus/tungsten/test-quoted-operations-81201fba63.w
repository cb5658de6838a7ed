xp socket tx;
xp z = 0;
dsd(control, index 12) tx <- z + 0;
