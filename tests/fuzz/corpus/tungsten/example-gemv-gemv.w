// gemv.w — one PE of the k × k GEMV grid: y = A x, A cut into B × B blocks. The PE at column c
// and row r holds block (r, c) of A. x's block c comes down column c from the top row, which
// holds it; the PE multiplies its block by it, and the partial sums go east along the row, each
// PE adding its own on the way; the east column keeps y's block r.
xp param B;      // the block size
xp param top;    // geovars: 1 on the top row, which holds x's block and sends it down the column
xp param west;   // 1 where a partial sum comes in from the west (all but the west column)
xp param east;   // 1 where the sum goes on east (all but the east column, which keeps y)
sp socket xdown; // x's block, down the column
sp socket sums;  // the partial sums, read from the west and sent east (a colorpair)

sp A[i=B][j=B];  // this PE's block of A (miset)
sp x[n=B];       // x's block for this column (miset on the top row)
sp p[n=B];       // this block's share of y: A x
sp y[n=B];       // on the east column: y's block for this row

if (top) i in [0, B) xdown <- x[i];
else i in [0, B) x[i] <- xdown;

i in [0, B) p[i] = ∑(j in [0, B)) A[i][j] * x[j];

if (east) {
  if (west) i in [0, B) sums <- sums + p[i];
  else i in [0, B) sums <- p[i];
} else {
  if (west) i in [0, B) y[i] <- sums + p[i];
  else i in [0, B) y[i] = p[i];
}
