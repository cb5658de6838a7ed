xp socket rx;
xp out[4];
dsd(simd32) i in [0, 4) out[i] <- rx;
