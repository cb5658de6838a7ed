xp a[4];
xp b[4];
a.base <- b.base;
xp c = a.base;
