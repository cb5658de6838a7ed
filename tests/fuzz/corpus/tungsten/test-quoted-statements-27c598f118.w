xp c = 0;
i in [0, 100) if (i > 0) c = c + 1;
