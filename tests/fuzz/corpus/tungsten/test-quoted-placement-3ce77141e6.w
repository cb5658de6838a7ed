xp b[4] address(0x14);
xp c[4] address(0x14);
b[1] = 5;
xp seen = c[1];
