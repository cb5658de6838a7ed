struct P { xp x; xp x; };
