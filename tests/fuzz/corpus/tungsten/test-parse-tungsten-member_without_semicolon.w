struct point { xp x xp y; };
