xp a[4] [[placed]];
xp a[8];
