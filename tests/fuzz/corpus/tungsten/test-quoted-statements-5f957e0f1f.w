xp a[n=4] = {1, 2, 3, 4};
xp idx[3] = {1, 3, 2};
xp total = 0;
k in [0, 3) total = total + a[idx[k]] + idx[k];
