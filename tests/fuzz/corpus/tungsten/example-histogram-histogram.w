// histogram.w — one PE of a G x G torus of PEs that histograms the G * G * M values they hold into
// G * G * K bins. PE (col, row) owns the K bins from (row * G + col) * K, so a value v belongs to
// the row v / (G * K). Every value goes once around its column's ring (phase 1, up the column),
// where the PE of its row keeps it; what each PE kept goes once around its row's ring (phase 2,
// east along the row), where each PE counts the values of its own bins.
xp param G;         // the torus is G x G PEs
xp param M;         // values a PE holds
xp param K;         // bins a PE owns
xp param col;       // geovars: this PE's column and row
xp param row;
xp socket colring;  // up the column: sends to the PE above, receives from the PE below
xp socket colwrap;  // closes the column's ring: the top PE sends down to the bottom one
xp socket rowring;  // east along the row: sends to the PE east, receives from the PE west
xp socket rowwrap;  // closes the row's ring: the east PE sends back to the west one

xp vals[n=M];               // miset loads them, each in [0, G * G * K)
xp colvals[s=G][n=M];       // phase 1: block s came from the PE s steps back on the column's ring
xp rowvals[t=G][s=G][n=M];  // phase 2: block t came from the PE t steps back on the row's ring
xp count[k=K];              // the histogram of this PE's bins
xp kept = 0;                // the values phase 1 kept for this PE's row
xp lo = (row * G + col) * K; // this PE's first bin

i in [0, M) colvals[0][i] = vals[i];
// Phase 1: G - 1 steps around the column's ring. Each PE sends one value and then receives one, so
// no PE waits for more than the ring holds. Every PE but the top one sends up the column, and every
// PE but the bottom one receives from below. A condition of params is decided when the kernel
// compiles, so each PE's program has only the branch it takes, and only the sockets that branch
// uses take queues.
s in [1, G) i in [0, M) {
  if (G - 1 > row) colring <- colvals[s - 1][i]; else colwrap <- colvals[s - 1][i];
  if (row > 0) colvals[s][i] <- colring; else colvals[s][i] <- colwrap;
}
// Keep the values of this row; -1 (a hole) keeps every block the same length.
s in [0, G) i in [0, M) {
  if (colvals[s][i] / (G * K) == row) {
    rowvals[0][s][i] = colvals[s][i];
    kept = kept + 1;
  } else rowvals[0][s][i] = -1;
}
// Phase 2: G - 1 steps around the row's ring, the kept blocks with their holes.
t in [1, G) s in [0, G) i in [0, M) {
  if (G - 1 > col) rowring <- rowvals[t - 1][s][i]; else rowwrap <- rowvals[t - 1][s][i];
  if (col > 0) rowvals[t][s][i] <- rowring; else rowvals[t][s][i] <- rowwrap;
}
// Count what is this PE's: every value kept for this row has passed by once.
k in [0, K) count[k] = 0;
t in [0, G) s in [0, G) i in [0, M) {
  xp v = rowvals[t][s][i];
  if (v >= lo && lo + K > v) count[v - lo] = count[v - lo] + 1;
}
