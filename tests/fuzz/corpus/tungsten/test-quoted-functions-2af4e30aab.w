async i in [0, 4) b[j][i + 1] <- rx;
