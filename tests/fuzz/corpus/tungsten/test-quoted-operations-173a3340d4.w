xp socket rx;
xp out[1];
i in [0, 1) out[i] <- rx;
