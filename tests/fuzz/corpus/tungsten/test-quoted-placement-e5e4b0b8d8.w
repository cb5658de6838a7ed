xp pad[3];
xp c[4] bank(2);
xp d[4] align(4);
sp e[2] align(3);
sp f[2] bank(6);
