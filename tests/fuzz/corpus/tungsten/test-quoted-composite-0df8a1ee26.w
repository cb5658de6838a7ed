struct P { xp x; };
struct P p = {0};
