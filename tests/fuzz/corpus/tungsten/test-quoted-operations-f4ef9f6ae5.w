xp buf0[4];
xp buf1[4];
xp stream bufs[2];
bufs[0] = stream(buf0);
bufs[1] = stream(buf1);
xp src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
r in [0, 2) i in [0, 4) bufs[r][i] = src[i + 4 * r];
