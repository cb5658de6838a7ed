xp f() { return 1; }
xp f() { return 2; }
