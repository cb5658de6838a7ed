xp src[4] = {1, 2, 3, 4};
xp out[4];
xp t;
k in [0, 3) {
  i in [0, 4) out[i] = src[i] * 2;
  t = src.base;
  src.base = out.base;
  out.base = t;
}
