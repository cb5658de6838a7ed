// addend.w — a link of the chain: sends its N hp values on sum, where its router's fabric adder
// adds each one to the f32 sum passing by on its way east.
xp param N;
hp socket sum;

hp h[n=N];   // miset loads them

i in [0, N) sum <- h[i];
