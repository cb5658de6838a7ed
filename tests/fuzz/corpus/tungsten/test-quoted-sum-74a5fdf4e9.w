xp a[4];
xp v = ∑(k in [0, 4)) a[k] * k;
