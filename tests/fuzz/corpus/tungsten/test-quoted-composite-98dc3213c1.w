xp a[4];
xp n = a.length;
