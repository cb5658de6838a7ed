xp f(xp n) { return f(n - 1); }
xp v = f(3);
