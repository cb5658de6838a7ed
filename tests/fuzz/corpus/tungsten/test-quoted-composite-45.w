xp v = sizeof(v);
