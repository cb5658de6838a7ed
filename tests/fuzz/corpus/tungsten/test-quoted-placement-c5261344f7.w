xp e[2] address(0x6000);
