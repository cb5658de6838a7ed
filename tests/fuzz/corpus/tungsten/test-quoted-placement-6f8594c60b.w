i in [0, 4) bufA[i] <- bufA[i] * 2;
