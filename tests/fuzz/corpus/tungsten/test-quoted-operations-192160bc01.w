xp socket rx;
xp socket tx;
xp pushed = 0;
task filled { pushed = pushed + 1; }
xp fifo q[4] activate_push(filled);
async i in [0, 4) tx <- q;
async i in [0, 4) q <- rx;
