hp socket rx;
hp out[4];
i in [0, 4) out[i] <- rx;
