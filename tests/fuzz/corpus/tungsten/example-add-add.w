// add.w — the Tungsten reference's first example: add b to every element of a.
// Data for a is loaded with miset; run it with
//   wafer carbide source=add.w set=N=4 image=add.img map=add.map
//   wafer miset image=add.img map=add.map symbol=a values=10,20,30,40
//   wafer run image=add.img out=add.img && wafer miget image=add.img map=add.map symbol=a

// Declare parameters (configurable at compile time)
xp param N;

// Declare data
xp a[n=N]; // no initialiser — data loaded via miset
xp b = 1;

// Compute: add b to every element of a
i in [0, N) a[i] <- a[i] + b;
