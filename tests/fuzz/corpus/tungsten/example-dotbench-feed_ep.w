// feed_ep.w — the feeder: sends its N ep values east on tx, one wavelet each, to the PE beside
// it that multiplies them.
xp param N;
ep socket tx;

ep b[n=N];   // miset loads them

i in [0, N) tx <- b[i];
