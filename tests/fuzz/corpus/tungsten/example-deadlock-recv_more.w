// recv_more.w — a receiver that waits for twice as many values as the pipeline sends.
// The pipeline stalls: wafer reports the blocked PE, its socket and the cycle.
xp param N;
xp socket rx;

xp out[n=2*N];

i in [0, 2*N) out[i] <- rx;
