// heateq9pt.w — one time step of the nine-point heat equation, on one PE of a systolic pipeline.
// The grid streams through a row of these PEs from west to east, each PE applying one step: it
// takes its half of the grid (n rows of p points) from the left, trades the row along the middle
// with the PE above or below (which holds the other half), then sends the next time step's values
// on to the right. Points outside the grid are 0: the pad columns and the outer pad row are never
// written; the pad row along the middle holds the other half's row.
xp param n;          // rows in this PE's half of the grid
xp param p;          // points per row
xp param pad;        // the frame of zeros around the half grid: 1 for a nine-point stencil
xp param upper = 0;  // 1 on the upper PE of a column: it receives the middle row before it sends

sp socket left;      // this step's values, from the PE to the left
sp socket right;     // the next step's, to the PE to the right
sp socket up;        // wavelets travelling up the column
sp socket down;      // and down it

sp u[row = n + 2 * pad][col = p + 2 * pad];

i in [pad, n + pad) j in [pad, p + pad) u[i][j] <- left;

// The middle row: the lower PE sends its top row up, then takes the upper PE's bottom row into its
// top pad row; the upper PE does the same the other way round, receiving first, so neither waits
// for the other.
if (upper) {
  j in [pad, p + pad) u[0][j] <- up;
  j in [pad, p + pad) down <- u[pad][j];
} else {
  j in [pad, p + pad) up <- u[n + pad - 1][j];
  j in [pad, p + pad) u[n + 2 * pad - 1][j] <- down;
}

// u + a * (4 (N + S + E + W) + (NE + NW + SE + SW) - 20 u), the nine-point Laplacian, a = 0.03
i in [pad, n + pad) j in [pad, p + pad)
  right <- u[i][j] + 0.03 * (4.0 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1])
                             + (u[i - 1][j - 1] + u[i - 1][j + 1] + u[i + 1][j - 1] + u[i + 1][j + 1])
                             - 20.0 * u[i][j]);
