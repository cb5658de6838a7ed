xp v = 0;
if (q > 0) v = 1;
