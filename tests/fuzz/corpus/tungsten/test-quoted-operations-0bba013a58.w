xp socket rx;
xp out[10];
async(on_control terminate) i in [0, 10) out[i] <- rx;
