typedef xp t;
t = 1;
