async i in [0, 4) a[i] <- rx;
async i in [0, 4) a[i] <- rx;
