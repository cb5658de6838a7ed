// chain.w — one PE of a chain reduce along a row: the west end sends its B values east, each PE
// after it adds its own to what arrives and sends the sum on, and the east end (the root) keeps
// the total. (Luczynski et al.'s chain: B + (2 T_R + 2)(P - 1) cycles.)
xp param B;     // values per PE
xp param west;  // geovars: 1 where sums come in from the west (all but the west end)
xp param east;  // 1 where sums go on east (all but the root)
sp socket sums; // read from the west and sent east (a colorpair)

sp v[n=B];      // this PE's values; the root's become the total

if (!west) i in [0, B) sums <- v[i];
else if (east) i in [0, B) sums <- sums + v[i];
else i in [0, B) v[i] <- sums + v[i];
