// mem_ep.w — the dot product of two ep vectors, both in memory. The ∑ lowers to two DSD
// operations: dot cleared, then one mac over the N elements, four ep products a cycle, or two with
// a and b in the same banks (README.md): ep has hp's precision and sp's range, in an sp word, and
// exists for that rate (the Tungsten reference).
xp param N;

ep a[n=N];   // miset loads them
ep b[n=N];
ep dot;

dot = ∑(i in [0, N)) a[i] * b[i];
