xp t = h < s;
