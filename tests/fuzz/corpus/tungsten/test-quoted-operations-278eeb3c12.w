xp socket rx;
xp out[10];
xp ended = 0;
task stop { ended = 1; }
async(on_control activate stop) i in [0, 10) out[i] <- rx;
