xp socket tx;
tx = __builtin_merge(1, 2);
