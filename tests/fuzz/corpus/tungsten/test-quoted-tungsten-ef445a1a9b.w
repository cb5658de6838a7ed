// Declare parameters (configurable at compile time)
xp param N;

// Declare data
xp a[n=N]; // no initialiser — data loaded via miset
xp b = 1;

// Compute: add b to every element of a
i in [0, N) a[i] <- a[i] + b;
