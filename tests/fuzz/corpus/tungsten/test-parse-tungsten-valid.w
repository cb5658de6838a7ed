// Declare parameters
xp param N;
xp a[n=N]; // no initialiser
xp b = 1;
i in [0, N) a[i] <- a[i] + b;
main { a[0] = -a[0]; }
