// Calls inside a returned value, a condition, a loop bound and another call's arguments.
xp absv(xp v) { if (v < 0) return 0 - v; return v; }
xp dist(xp ax, xp ay, xp bx, xp by) { return absv(ax - bx) + absv(ay - by); }
xp deeper(xp a) { return dist(a, absv(a - 9), absv(0 - a), dist(1, 2, a, 0)); }
xp d = 0, e = 0, n = 0;
d = dist(1, 7, 4, 3);
e = deeper(5);
xp c[6] = {};
i in [absv(0 - 1), dist(0, 0, 2, 3)) c[i] = absv(i - 4);
if (dist(0, 0, 1, 1) == absv(0 - 2)) n = 1; else n = 2;
