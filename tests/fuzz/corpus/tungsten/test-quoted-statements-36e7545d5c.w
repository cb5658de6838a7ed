sp param C = 0.1;
hp param H;
ep param E = 1.0 / 3.0;
xp param N = 3;
sp a[4] = {1.0, 2.0, 3.0, 4.0};
sp b[4];
i in [0, 4) b[i] = a[i] * C;
