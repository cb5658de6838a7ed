// source.w — the west end of the pipeline: send the starting half grid (loaded with miset) east.
xp param n;
xp param p;
sp socket tx;
sp grid[row = n][col = p];

i in [0, n) j in [0, p) tx <- grid[i][j];
