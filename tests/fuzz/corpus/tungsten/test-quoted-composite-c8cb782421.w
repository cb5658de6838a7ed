struct P { xp x; };
struct P { xp y; };
