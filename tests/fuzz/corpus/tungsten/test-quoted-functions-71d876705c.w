xp n = 3;
async(on_control terminate) i in [0, n) b[j][i] <- rx;
