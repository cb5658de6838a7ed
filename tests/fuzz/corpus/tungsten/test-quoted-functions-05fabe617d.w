u32 a = 1, w = 0;
w = wavelet(a, a);
