// feed_hp.w — the feeder: sends its N hp values east on tx, one wavelet each, to the PE beside
// it that multiplies them.
xp param N;
hp socket tx;

hp b[n=N];   // miset loads them

i in [0, N) tx <- b[i];
