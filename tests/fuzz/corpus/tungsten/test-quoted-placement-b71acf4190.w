xp a[4];
xp a[4] [[one]] [[two]];
