typedef xp t;
t outer = 1;
main { typedef sp t; t inner = 2.5; outer = inner * 2.0; }
