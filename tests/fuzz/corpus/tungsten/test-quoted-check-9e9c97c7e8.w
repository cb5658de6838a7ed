xp a[4];
xp a[8];
