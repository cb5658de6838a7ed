xp a[4];
xp v = ∑(k in [0, 6)) a[k];
