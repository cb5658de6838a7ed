// sink.w — the east end: keep the half grid after the last time step.
xp param n;
xp param p;
sp socket rx;
sp grid[row = n][col = p];

i in [0, n) j in [0, p) grid[i][j] <- rx;
