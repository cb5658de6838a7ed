xp a = 2, b = 3;
xp t = a < b;
