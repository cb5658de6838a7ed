// heat2d.w — one point of the nine-point heat equation on a two-dimensional grid of PEs. Each time
// step the point sends its value on tx (the spiral routing copies it to its eight neighbours, see
// ../life/board.paint), adds what they sent, and takes the next value
//   u + a (4 (E + W + N + S) + (SW + NE + NW + SE) - 20 u),  a = 0.03.
// Points beyond the grid are 0: a point on the edge has fewer neighbours, and the layout's geovars
// say which, so it never waits for a wavelet that cannot come.
xp param N;        // time steps
xp param west;     // 1 where the point has a neighbour on that side
xp param east;
xp param north;
xp param south;

sp socket tx;
// rx0 .. rx7: the neighbours to the SW, E, W, N, NE, NW, S and SE, the order lifecode() binds them
sp socket rx0;
sp socket rx1;
sp socket rx2;
sp socket rx3;
sp socket rx4;
sp socket rx5;
sp socket rx6;
sp socket rx7;

sp u;              // the point: miset loads the first time step

t in [0, N) {
  tx <- u;
  sp sides = 0.0;
  sp corners = 0.0;
  if (south && west) corners = corners + rx0;
  if (east) sides = sides + rx1;
  if (west) sides = sides + rx2;
  if (north) sides = sides + rx3;
  if (north && east) corners = corners + rx4;
  if (north && west) corners = corners + rx5;
  if (south) sides = sides + rx6;
  if (south && east) corners = corners + rx7;
  u = u + 0.03 * (4.0 * sides + corners - 20.0 * u);
}
