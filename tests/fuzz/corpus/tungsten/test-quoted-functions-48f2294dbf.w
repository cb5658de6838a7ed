async k in [0, 2) i in [0, 4) b[k][i + j] <- rx;
