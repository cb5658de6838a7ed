u64 x[n=2];
xp y;
y = x[0] + 1;
