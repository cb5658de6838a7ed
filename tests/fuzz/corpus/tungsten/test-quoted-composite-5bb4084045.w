main { struct P { xp x; }; }
struct P p;
