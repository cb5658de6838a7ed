u64 x[m=2] = { 0x0123456789abcdef, 0xfedcba9876543210 };
u16 xw[2][4] address(&x);
u32 xd[4] address(&x);
u16 w00 = xw[0][0], w13 = xw[1][3];
u32 d1 = xd[1];
xw[0][0] = 0x1111;
