struct P { xp x = 1; };
