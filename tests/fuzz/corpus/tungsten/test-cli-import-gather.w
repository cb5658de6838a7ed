// gather.w: a package whose function reads v at indices taken from data, which fsanitize=bounds checks.
void gather(xp v[n=4], xp at[k=3], xp sum[1]) { j in [0, 3) sum[0] = sum[0] + v[at[j]]; }
