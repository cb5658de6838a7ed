xp b[4];
task second;
async(second) i in [0, 4) a[i] <- rx;
async i in [0, 4) b[i] <- rx;
task second { }
