main { xp f() { return 1; } }
