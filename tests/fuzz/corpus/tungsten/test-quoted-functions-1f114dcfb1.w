u32 w = 0;
w = wavelet(1, 2);
