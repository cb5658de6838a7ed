xp x = 10, w = 1;
xp out[n=2];
{
  xp y = x + 1, x = y + 1;
  out[0] = y;
  out[1] = x;
}
