// scan.w — one PE of a column of P PEs (P a power of two, at most 256): an inclusive prefix sum of v
// over the column, by messages. Y is the PE's row (a geovar). A message to row y carries y << 8 as
// its index (x = 0 in bits 0-7, y in bits 8-15: docs/machine.md, Message passing).
//
// Up-sweep on bank 0, the tree reduction: at each level, step = 1, 2, 4, ..., the PE whose Y + 1 is
// a multiple of 2 * step adds the partial sum of the PE step rows above it, which sends it then. A
// PE sends once, after all its receives, so its queue holds only what it must add, in any order.
// After the up-sweep the last PE holds the column's total.
// Down-sweep on bank 1: from step = P / 4 down to 1, each PE whose prefix is final hands it to the
// PE step rows below, which adds it.
xp param Y;
xp param P;
xp socket up;
xp socket down;

xp v;      // miset loads it; the run leaves its inclusive prefix sum here
xp step;

k in [0, 8) {
  step = 1 << k;
  if (P > step) {
    if (((Y + 1) & (2 * step - 1)) == 0) v <- v + up;
    if (((Y + 1) & (2 * step - 1)) == step) dsd(index (Y + step) << 8) up <- v + 0;
  }
}
k in [0, 8) {
  step = 128 >> k;
  if (P > 2 * step) {
    if (((Y + 1) & (2 * step - 1)) == step && Y + 1 > step) v <- v + down;
    if (((Y + 1) & (2 * step - 1)) == 0 && P > Y + step) dsd(index (Y + step) << 8) down <- v + 0;
  }
}
