// Reference §5, Initialization: one value fills every element; a shorter list zero-fills; {} zero-fills a row.
xp a[n=4] = {1};
xp c[n=4] = {5, 6};
xp q[n=2][m=3] = {{}, {1, 2, 3}};
