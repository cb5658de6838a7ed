struct P { xp x; };
union P u;
