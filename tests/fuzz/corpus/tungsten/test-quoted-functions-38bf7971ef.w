void s(xp v[4]) { }
xp a[3];
s(a);
