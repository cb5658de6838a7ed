xp param N;
xp socket rx;
xp out[N];
i in [0, N) out[i] <- rx;
