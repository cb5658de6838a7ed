// A kernel with one mistake: paint reports it once.
xp a[4];
a[5] = 1;
