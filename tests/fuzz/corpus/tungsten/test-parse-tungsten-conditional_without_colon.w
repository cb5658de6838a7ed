xp x;
x = x > 1 ? 2;
