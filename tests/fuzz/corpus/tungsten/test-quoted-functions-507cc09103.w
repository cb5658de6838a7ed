xp f(xp a, xp b) { return a + b; }
xp v = f(1);
