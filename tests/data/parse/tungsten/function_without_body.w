xp f(xp a) return a;
