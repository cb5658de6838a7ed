xp absv(xp v) { if (v < 0) return 0 - v; return v; }
xp dist(xp ax, xp ay, xp bx, xp by) { return absv(ax - bx) + absv(ay - by); }
xp deeper(xp a) { return dist(a, absv(a - 9), absv(0 - a), dist(1, 2, a, 0)); }
xp pick(xp a, xp b) { if (absv(a) > absv(b)) return a; return b; }
xp d = 0, e = 0, p = 0, n = 0, m = 0;
d = dist(1, 7, 4, 3);
e = deeper(5);
p = pick(0 - 6, 4) + pick(2, 0 - 3);
xp c[6] = {};
i in [absv(0 - 1), dist(0, 0, 2, 3)) c[i] = absv(i - 4) * pick(i, 2);
if (dist(0, 0, 1, 1) == absv(0 - 2)) n = 1; else n = 2;
i in [0, 4) if (absv(i - 2) < pick(1, 0)) m = m + dist(i, 0, 0, i);
