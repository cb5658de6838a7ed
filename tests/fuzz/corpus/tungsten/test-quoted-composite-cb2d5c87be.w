xp param N;
hp a[n=N] = {1.0, -2.0, 0.5, -0.25, 3.0, -1.0};
union wvinter {
  xp x;
  hp h;
} val[N];
i in [0, N) val[i].h <- a[i] * -0.0;
i in [0, N) val[i].x <- val[i].x x>> 15;
