xp a[3] = {1, 2, 3};
xp s = 10;
s = sum(k in [0, 3)) (a[k] + s);
