xp socket tx;
xp a[4] = {9, 8, 7, 6};
dsd(