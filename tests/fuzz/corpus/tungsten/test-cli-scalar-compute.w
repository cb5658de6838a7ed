// compute.w as scalar code: a handler-free filter in the middle of examples/pipeline. Each wavelet
// is read once into v; values above 3 go on doubled, the others as 0.
xp param N;
xp socket rx;
xp socket tx;

i in [0, N) {
  xp v = rx;
  if (v > 3) tx <- v * 2; else tx <- 0;
}
