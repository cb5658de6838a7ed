u4 kind = 5;
s12 value = -3;
u16 tag = 0xbeef;
u32 w = 0;
w = wavelet(kind, value);
u32 x = 0;
x = wavelet((u4)3, (u12)4095, tag);
