xp a[n=4];
xp v = sum(k in [1, 5)) a[k - 2];
