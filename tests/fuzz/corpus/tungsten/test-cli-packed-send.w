// send.w with bit-packed wavelets: each wavelet carries a 4-bit kind and a signed 12-bit value,
// packed by wavelet(...) at the widths the variables declare.
xp param N;
u32 socket tx;

i in [0, N) {
  u4 kind = i;
  s12 value = i * 10 - 20;
  tx = wavelet(kind, value);
}
