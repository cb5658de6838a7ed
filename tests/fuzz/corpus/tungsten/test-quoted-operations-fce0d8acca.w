i in [0, 4) if (k == 0) out[i] = pick[0][i];
