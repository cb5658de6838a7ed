// Reference §3 and §5: 64-bit data keeps all 64 bits, read through a u16 alias; 0x100000001 as sp is 4294967296.0.
u64 x[n=2] = {0x0123456789abcdef, -1};
u16 xw[2][4] address(&x);
sp f[n=1] = {0x100000001};
