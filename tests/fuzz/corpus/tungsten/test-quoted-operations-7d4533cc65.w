xp fifo q[8];
xp a[3] = {1, 2, 3};
xp b[6];
u1 ok1 = 1;
xp ok2 = 5;
i in [0, 3) q <- a[i];
dsd(result ok1) i in [0, 6) b[i] <- q;
i in [0, 2) q <- a[i];
dsd(result ok2) i in [0, 2) b[i] <- q;
