xp a[n=4] = {1, 5, 2, 7};
xp b[n=4] = {3, 3, 3, 3};
u1 vflag[n=4];
i in [0, 4) vflag[i] = (a[i] < b[i]);
u1 nonzero[n=4];
i in [0, 4) nonzero[i] = a[i] - 2;
