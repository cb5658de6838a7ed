xp x[2];
xp y[2] address(&x) = {1, 2};
