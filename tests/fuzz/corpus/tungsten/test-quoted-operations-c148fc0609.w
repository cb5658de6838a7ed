xp socket tx;
xp k = 5;
xp a[3] = {1, 2, 3};
dsd(index k) i in [0, 3) tx <- a[i] + 40;
