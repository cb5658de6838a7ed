u32 socket rx;
u32 socket tx;
xp fifo q[8];
u32 out = 0;
u64 o[2];
u32 ia[2] = {1, 2};
sp va[2] = {1.0, 2.0};
on rx(u4 kind, s12 value) { out = wavelet(kind, value, (u4)3); }
i in [0, 2) o[i] = __builtin_merge(ia[i], va[i]);
__builtin_clear_teardown(rx);
__builtin_set_fifo_read_length(q, 4);
__builtin_set_fifo_write_length(q, 2);
tx = __builtin_merge(ia[0], va[0]);
