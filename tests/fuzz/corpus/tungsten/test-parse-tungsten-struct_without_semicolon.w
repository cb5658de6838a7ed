struct point {
  xp x;
  xp y;
}
xp after;
