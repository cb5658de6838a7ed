void f() { }
xp v = f();
