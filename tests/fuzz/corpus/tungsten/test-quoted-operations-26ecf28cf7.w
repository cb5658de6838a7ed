xp m[2][3] = {{1, 2, 3}, {4, 5, 6}};
xp stream s;
xp out[3];
s = stream(m[1]);
i in [0, 3) out[i] = s[i] * 2;
