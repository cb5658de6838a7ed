 + sum(j in [0, 5)) m[5 * i + j] * v[j];
