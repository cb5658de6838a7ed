xp f() { return nothing; }
xp a = f();
xp b = f();
