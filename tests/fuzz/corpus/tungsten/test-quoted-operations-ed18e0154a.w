u16 array[1][2][3][4];
u16 s[8];
u16 one[1];
i in [0, 1) j in [0, 2) k in [0, 3) l in [0, 4) array[i][j][k][l] = 100 * j + 10 * k + l;
i in [0, 1) j in [0, 2) k in [0, 1) l in [0, 4) s[4 * j + l] = array[i][j][1 + k][l];
i in [0, 1) j in [0, 1) k in [0, 1) l in [0, 1) one[i + j + k + l] = s[7];
