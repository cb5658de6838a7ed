// count_recv.w: keeps the N values that arrive on rx.
xp param N;
xp socket rx;
xp out[n=N];
i in [0, N) out[i] <- rx;
