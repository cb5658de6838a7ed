xp g = 7;
xp f() { return g; }
main { xp g = 1; xp v = f(); g = v; }
xp out = f();
