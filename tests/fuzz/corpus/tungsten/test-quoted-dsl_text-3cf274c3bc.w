xp param N = 4;
xp data[n=N] = {1, 2, 3, 4};
sp s[n=N] = {0.5, 1.5, 2.5, 3.5};
u32 w = 70000;
xp x = s[0];
i in [0, N) data[i] = data[i] + s[i];
i in [0, N) s[i] <- data[i] * 2;
w = w + x;
s[0] = data[1] > s[1] ? data[0] : s[3];
