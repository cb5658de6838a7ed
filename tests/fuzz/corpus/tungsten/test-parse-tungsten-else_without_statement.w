xp x;
if (x) x = 1; else
