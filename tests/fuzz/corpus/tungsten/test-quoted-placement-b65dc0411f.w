u32 w[2];
w[0] = __builtin_merge(1, 2);
