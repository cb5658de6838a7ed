// scatter.w — sends K parts of N values east on tx, each part ended by a control wavelet: its switch
// command (advance, in bits 0-1) moves the router it leaves to the next switch position, and its index
// (12) names the control task that tells the receiver its part is complete.
xp param N;
xp param K;
xp socket tx;

xp data[n=N * K];
xp advance = 1;

i in [0, N * K) data[i] = i + 1;
k in [0, K) {
  i in [0, N) tx <- data[k * N + i];
  dsd(control, index 12) tx <- advance + 0;
}
