xp socket rx;
xp out[8];
i in [0, 8) out[i] <- rx;
