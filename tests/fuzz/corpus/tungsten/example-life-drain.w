// drain.w — the frame around the Life grid: the grid's edge cells send and relay off the grid, and
// these PEs take those wavelets so none is lost off the fabric. Each side of the frame receives
// three of the nine colors; a handler per color counts and drops what arrives.
xp socket p;
xp socket q;
xp socket r;

xp taken = 0;      // how many wavelets this frame PE took

on p(xp v) { taken = taken + 1; }
on q(xp v) { taken = taken + 1; }
on r(xp v) { taken = taken + 1; }
