xp times = (a < b) * 1;
