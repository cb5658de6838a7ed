sp a[4];
xp b[4];
sp m[2][4];
sp out[4];
sp stream pick[2];
xp k = 0;
sp x;
