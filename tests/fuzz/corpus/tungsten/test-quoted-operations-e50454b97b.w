) i in [0, 4) out[i] <- rx;
