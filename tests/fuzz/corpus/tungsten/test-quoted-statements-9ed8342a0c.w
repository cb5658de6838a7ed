xp a[n=4];
xp y = 2;
if (y) a[y + 3] = 1;
