xp x[2];
xp y[3] address(&x);
