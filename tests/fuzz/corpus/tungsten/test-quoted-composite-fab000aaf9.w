xp v = 1;
v w;
