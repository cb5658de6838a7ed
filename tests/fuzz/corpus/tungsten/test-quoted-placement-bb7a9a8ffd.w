xp x = 1;
xp e[4] address(x);
