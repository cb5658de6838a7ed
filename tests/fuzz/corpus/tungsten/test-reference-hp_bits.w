// Reference §6, Unions: val[i].x becomes -1 where the sign bit of a[i] is clear, 0 where it is set.
xp param N;
hp a[n=N] = {1.0, -2.0, 0.5, -0.25};
union wvinter {
xp x;
hp h;
} val[N];
i in [0, N) val[i].h <- a[i] * -0.0;
i in [0, N) val[i].x <- val[i].x x>> 15;
