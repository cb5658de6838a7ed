// filter.w — counts the values that arrive on rx that are at most maxpass. maxpass is not a param:
// each PE has its own, set in the image by link() and milink, so one program serves every PE.
xp param N;
xp socket rx;

xp maxpass;
xp passed = 0;
xp x;

i in [0, N) {
  x <- rx;
  if (maxpass >= x) passed = passed + 1;
}
