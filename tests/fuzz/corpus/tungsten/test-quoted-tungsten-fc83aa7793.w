xp b[N] address(0x14) = {0xdead, 0xbeef};
xp c[N] [[ keep ]] bank(2);
xp d[N] align(4);
u16 xw[2][4] address(&x);
