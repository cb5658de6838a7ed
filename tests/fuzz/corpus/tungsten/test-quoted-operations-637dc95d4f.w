xp socket tx;
xp v = 0x77;
tx <- v;
__builtin_clear_teardown(tx);
