xp socket rx;
xp out[3];
i in [0, 3) out[i] <- rx;
