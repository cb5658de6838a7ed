// life.w — one cell of Conway's Game of Life. Each generation the cell sends its state on tx (the
// router copies it to the four neighbours and relays it on to the diagonal ones: the spiral), then
// adds what its neighbours sent. A cell on the grid's edge has fewer neighbours: the layout's
// geovars say which sides have one, so it never waits for a wavelet that cannot come.
xp param N;        // generations
xp param west;     // 1 where the cell has a neighbour on that side
xp param east;
xp param north;
xp param south;

xp socket tx;
// rx0 .. rx7: the neighbours to the SW, E, W, N, NE, NW, S and SE, the order lifecode() binds them
xp socket rx0;
xp socket rx1;
xp socket rx2;
xp socket rx3;
xp socket rx4;
xp socket rx5;
xp socket rx6;
xp socket rx7;

xp cell;           // 0 (dead) or 1 (alive): miset loads the first generation

g in [0, N) {
  tx <- cell;
  xp n = 0;
  if (south && west) n = n + rx0;
  if (east) n = n + rx1;
  if (west) n = n + rx2;
  if (north) n = n + rx3;
  if (north && east) n = n + rx4;
  if (north && west) n = n + rx5;
  if (south) n = n + rx6;
  if (south && east) n = n + rx7;
  cell = n == 3 || (cell == 1 && n == 2) ? 1 : 0;
}
