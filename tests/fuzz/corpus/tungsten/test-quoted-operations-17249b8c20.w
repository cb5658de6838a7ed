xp socket rx;
xp out[4];
i in [0, 2) out[i] <- rx;
