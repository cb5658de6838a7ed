xp f(xp a) { if (a > 0) return 1; }
