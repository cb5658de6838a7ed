xp socket rx;
xp fifo q[4];
u1 ok;
async(result ok) i in [0, 4) q <- rx;
