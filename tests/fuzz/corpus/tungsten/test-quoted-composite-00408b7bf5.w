xp t = points[0];
