struct P { xp x; };
struct P f() { return 1; }
