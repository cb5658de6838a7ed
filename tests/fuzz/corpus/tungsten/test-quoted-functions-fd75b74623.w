xp clamp(xp x, xp lo, xp hi) {
  if (x < lo) return lo;
  if (x > hi) return hi;
  return x;
}
xp c[5];
i in [0, 5) c[i] = clamp(i * 3 - 4, 0, 6);
