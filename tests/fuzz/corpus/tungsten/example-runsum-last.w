// last.w — the end of the chain: keeps the N sums that arrive on sum.
xp param N;
sp socket sum;

sp total[n=N];

i in [0, N) total[i] <- sum;
