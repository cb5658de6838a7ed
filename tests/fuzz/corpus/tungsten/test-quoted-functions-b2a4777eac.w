int twice(int v) { return v * 2; }
real half(real v) { return v / 2.0; }
int t = twice(21);
real h = half(3.0) + 1.0;
