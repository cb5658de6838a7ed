xp x = 5;
xp y; xp z;
if (x > 3) y = 1; else y = 2;
if (x < 3) { z = 1; } else if (x == 5) { z = 3; } else z = 4;
xp a[n=6];
i in [0, 6) {
  xp t = i * 2;
  if (t > 5) a[i] = t; else a[i] = -t;
}
