u32 ia[2] = {3, 7};
sp va[2] = {1.5, -2.0};
u64 o[2];
i in [0, 2) o[i] = __builtin_merge(ia[i], va[i]);
u32 ow[4] address(&o);
