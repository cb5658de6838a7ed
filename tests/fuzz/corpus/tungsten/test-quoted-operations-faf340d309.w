xp socket rx, ry;
xp a[3];
i in [0, 3) a[i] = rx * ry;
