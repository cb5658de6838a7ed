// Reference §1, Program Structure: add b to every element of a (a is loaded by miset; here it starts at 0).
xp param N;
xp a[n=N];
xp b = 1;
i in [0, N) a[i] <- a[i] + b;
