xp fifo q[8];
xp a[6] = {1, 2, 3, 4, 5, 6};
xp b[6];
i in [0, 6) q <- a[i];
__builtin_set_fifo_read_length(q, 2);
i in [0, 6) b[i] <- q;
