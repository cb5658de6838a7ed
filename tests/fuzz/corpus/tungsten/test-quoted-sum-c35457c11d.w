xp param K = 8;
hp a[k=K] = {