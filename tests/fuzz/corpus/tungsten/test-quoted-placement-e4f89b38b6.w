xp x = 0;
x = __builtin_merge(1, 2) + 1;
