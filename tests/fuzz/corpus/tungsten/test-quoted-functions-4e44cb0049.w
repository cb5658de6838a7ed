xp socket rx;
xp socket tx;
xp fifo q[4];
xp a[4];
