union wavelet { u32 u; xp w[2]; };
union wavelet v;
v.u = 0x12345678;
xp low = v.w[0], high = v.w[1];
union sw { sp s; xp x[2]; };
union sw w;
w.s = 1.0;
xp high_word = w.x[1];
