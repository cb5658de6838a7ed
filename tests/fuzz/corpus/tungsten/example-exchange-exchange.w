// exchange.w: each PE of the grid sends its value, 10 * col + row, to each neighbour it has and
// keeps what each neighbour sends. Socket a sends right and receives from the left, b the reverse,
// c sends up and receives from below, d the reverse (the quick reference's 4-direction routes).
// `W - 1 > col` reads as `col < W - 1`; kernels.hpp writes it the same way, as C++ must.
xp param W;
xp param H;
xp param col;   // geovars: this PE's column and row
xp param row;
xp socket a;
xp socket b;
xp socket c;
xp socket d;

xp me = 10 * col + row;
xp fromwest = -1;
xp fromeast = -1;
xp fromsouth = -1;
xp fromnorth = -1;

if (W - 1 > col) a <- me;
if (col > 0) b <- me;
if (H - 1 > row) c <- me;
if (row > 0) d <- me;
if (col > 0) fromwest <- a;
if (W - 1 > col) fromeast <- b;
if (row > 0) fromsouth <- c;
if (H - 1 > row) fromnorth <- d;
