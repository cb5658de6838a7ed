// mem_sp.w — the dot product of two sp vectors, both in memory. The ∑ lowers to two DSD
// operations: dot cleared, then one mac over the N elements, one sp product a cycle
// (docs/machine.md, Time).
xp param N;

sp a[n=N];   // miset loads them
sp b[n=N];
sp dot;

dot = ∑(i in [0, N)) a[i] * b[i];
