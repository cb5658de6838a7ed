xp a[4] = {1, 2, 3, 4};
xp out[6];
xp stream s;
s = stream(a);
i in [0, 6) out[i] = s[i];
