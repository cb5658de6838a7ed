xp fifo q[0];
