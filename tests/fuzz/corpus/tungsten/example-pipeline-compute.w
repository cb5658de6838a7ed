// compute.w — the middle tile: read each value from rx, send 3x + 1 on tx.
xp param N;
xp socket rx;
xp socket tx;

i in [0, N) tx <- rx * 3 + 1;
