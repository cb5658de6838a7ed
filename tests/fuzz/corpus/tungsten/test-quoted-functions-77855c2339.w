xp b[4];
task after;
async(on_control activate after) i in [0, 4) a[i] <- rx;
task after { async i in [0, 4) b[i] <- rx; }
