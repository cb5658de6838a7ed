i in [0, 3) out[i] = pick[k][i + 1];
