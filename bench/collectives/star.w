// star.w — one PE of a star reduce along a row: every PE east of the root sends its B values
// west, then its router forwards what comes from further east, so the root at the west end reads
// B (P - 1) values from its one link, adding each PE's into its own. (Luczynski et al.'s star:
// B (P - 1) + 2 T_R + 1 cycles.)
xp param B;        // values per PE
xp param P;        // PEs in the row
xp param root;     // geovars: 1 on the root, the west end
xp param forwards; // 1 where the router forwards from the east once its own values are sent
sp socket s;       // west, towards the root

sp v[n=B];         // this PE's values; the root's become the total

if (root) j in [0, P - 1) i in [0, B) v[i] <- s + v[i];
else if (forwards) dsd(advance_switch) i in [0, B) s <- v[i];
else i in [0, B) s <- v[i];
