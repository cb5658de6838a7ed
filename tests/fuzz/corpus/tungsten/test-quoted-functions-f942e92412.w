xp v = g(1);
