u16 array[20][20];
u16 d[20];
i in [0, 20) j in [0, 20) array[i][j] = 100 * i + j;
i in [0, 20) d[i] = array[i][i];
