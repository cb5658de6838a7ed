xp param upper = 0;
xp v;
if (upper) v = missing;
