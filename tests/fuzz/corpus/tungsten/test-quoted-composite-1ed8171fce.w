xp v = 1;
xp w = sizeof(v + 1);
