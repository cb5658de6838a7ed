xp a[2];
__builtin_set_fifo_read_length(a, 2);
