xp param P = 1;
xp y[3] address(&P);
