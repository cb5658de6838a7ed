sp e[2] address(0x15);
