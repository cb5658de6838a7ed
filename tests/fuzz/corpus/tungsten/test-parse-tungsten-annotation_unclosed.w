xp a[4] [[oops;
xp b;
