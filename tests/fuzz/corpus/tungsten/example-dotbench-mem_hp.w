// mem_hp.w — the dot product of two hp vectors, both in memory. The ∑ lowers to two DSD
// operations: dot cleared, then one mac over the N elements, four hp products a cycle, or two
// with a and b in the same banks (README.md; docs/machine.md, Time).
xp param N;

hp a[n=N];   // miset loads them
hp b[n=N];
hp dot;

dot = ∑(i in [0, N)) a[i] * b[i];
