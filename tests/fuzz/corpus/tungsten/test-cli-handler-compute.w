// compute.w with a handler: a handler-driven accumulator in the middle of examples/pipeline. Each
// wavelet that arrives on rx runs the handler, which adds it to a running sum and sends the sum on.
// The program's own statements are done at once; the PE then idles between wavelets.
xp param N;
xp socket rx;
xp socket tx;

xp sum = 0;
xp seen = 0;

on rx(xp v) {
  sum = sum + v;
  seen = seen + 1;
  tx = sum;
}
