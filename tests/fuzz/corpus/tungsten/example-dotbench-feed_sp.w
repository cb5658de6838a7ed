// feed_sp.w — the feeder: sends its N sp values east on tx, one wavelet each, to the PE beside
// it that multiplies them.
xp param N;
sp socket tx;

sp b[n=N];   // miset loads them

i in [0, N) tx <- b[i];
