u32 n;
n = sum(k in [0, 3)) 7;
