import pkg.{count};
xp count = 1;
