xp socket rx;
xp out[6];
i in [0, 6) out[i] <- rx;
