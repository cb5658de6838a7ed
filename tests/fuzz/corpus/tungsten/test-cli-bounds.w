// An index read from data: the compiler cannot prove a[idx[k]] in bounds, so fsanitize=bounds checks it.
xp a[n=4] = {1, 2, 3, 4};
xp idx[3] = {1, 3, 7};
xp total = 0;
k in [0, 3) total = total + a[idx[k]];
