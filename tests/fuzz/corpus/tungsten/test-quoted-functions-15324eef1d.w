xp f() { return later; }
xp later = 1;
xp v = f();
