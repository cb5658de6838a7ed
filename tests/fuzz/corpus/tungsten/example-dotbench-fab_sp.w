// fab_sp.w — the dot product of an sp vector in memory with one that streams in on rx, an element
// a wavelet. ASYNC:0 (the default) waits inside the operation on the main thread; ASYNC:1 issues it
// on a microthread (the one rx's input queue names) and ends the main thread. Either way the task
// finished runs once the product is complete.
xp param N;
xp param ASYNC = 0;
sp socket rx;

sp a[n=N];   // miset loads it
sp dot;
xp ready = 0;

task finished { ready = 1; }

if (ASYNC) {
    // async takes one DSD operation and a ∑ is two (dot cleared, then the mac): the same two,
    // written out.
    dot = 0;
    async(finished) i in [0, N) dot <- dot + a[i] * rx;
} else {
    dot = ∑(i in [0, N)) a[i] * rx;
    activate finished;
}
