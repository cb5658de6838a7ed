xp b[4] address(0x14);
xp c[4] address(0x16);
