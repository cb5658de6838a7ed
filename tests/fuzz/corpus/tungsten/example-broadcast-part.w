// part.w — keeps the N values of its part; the control wavelet after them runs `complete`.
xp param N;
xp socket rx;

xp out[n=N];
xp done = 0;

control task complete on rx id(12) { done = 1; }

i in [0, N) out[i] <- rx;
