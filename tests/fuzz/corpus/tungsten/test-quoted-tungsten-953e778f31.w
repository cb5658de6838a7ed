xp a[n=4];
xp b[4];
sp matrix[m=3][n=4];
hp tensor[a=2][b=3][c=4];
xp param N;
xp data[n=N];
xp grid[n=2*N][m=N+1];
xp a4[n=4] = {1, 2, 3, 4};
u64 x[n=2] = {0x0123456789abcdef, -1};
xp a2[n=2][m=4] = {
{1, 2, 3, 4},
{5, 6, 7, 8}
};
hp hb[n=N] = {0.0};
xp z[n=4] = {};
xp q[n=2][m=3] = {{}, {1, 2, 3}};
hp row_a[k=K]; /* no initialiser — data loaded via miset */
a[0] = 42;
x = a[i];
matrix[r][c] = value;
