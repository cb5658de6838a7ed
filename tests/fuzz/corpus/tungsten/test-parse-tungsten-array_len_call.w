xp a[n=4];
xp n = len(a);
