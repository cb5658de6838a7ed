xp e[4] address(0x5ffe);
