xp socket rx;
xp b[3][5];
xp j = 2;
