// compute.w unpacking bit-packed wavelets: the handler's params take the kind from the lowest 4
// bits and the signed value from the next 12, and it sends kind * 1000 + value on.
xp param N;
u32 socket rx;
xp socket tx;

on rx(u4 kind, s12 value) {
  tx = kind * 1000 + value;
}
