xp g = 1;
xp v = g(1);
