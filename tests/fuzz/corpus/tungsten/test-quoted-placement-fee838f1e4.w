xp a[4];
xp b[4];
xp keep = b.base;
a.base <- keep;
