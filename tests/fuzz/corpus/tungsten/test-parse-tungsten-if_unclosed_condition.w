xp x;
if (x > 1 x = 2;
