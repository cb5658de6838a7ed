sp a[4] = {1.5, 2.5, 3.5, 4.5};
sp m[3][4];
sp out[4];
sp stream pick[2];
xp k = K;
i in [0, 3) j in [0, 4) m[i][j] = 10.0;
pick[0] = stream(a);
pick[1] = stream(m[2]);
i in [0, 4) out[i] = pick[k][i] + pick[0][i];
