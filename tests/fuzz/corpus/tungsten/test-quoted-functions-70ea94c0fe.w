void s(xp v[4]) { }
s(1);
