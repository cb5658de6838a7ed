// exchange.w: each PE of the grid sends its value, 10 * col + row, to each neighbour it has and
// keeps what each neighbour sends. Socket a sends right and receives from the left, b the reverse,
// c sends up and receives from below, d the reverse (the quick reference's 4-direction routes).
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

if (col < W - 1) a <- me;
if (col > 0) b <- me;
if (row < H - 1) c <- me;
if (row > 0) d <- me;
if (col > 0) fromwest <- a;
if (col < W - 1) fromeast <- b;
if (row > 0) fromsouth <- c;
if (row < H - 1) fromnorth <- d;
