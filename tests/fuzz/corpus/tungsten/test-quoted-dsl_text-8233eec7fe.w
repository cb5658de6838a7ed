xp param N = 4;
sp param C = 0.5;
hp h[n=N] = {0.1, 0.2, 0.3, 0.4};
sp s[n=N] = {1.0, 2.0, 3.0, 4.0};
i in [0, N) s[i] = h[i] + s[i] * C;
i in [0, N) h[i] = s[i] * 2;
