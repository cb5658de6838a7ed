xp e[2] align(0);
