xp socket tx;
__builtin_clear_teardown(tx);
