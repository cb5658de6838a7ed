xp e[2] bank(16);
