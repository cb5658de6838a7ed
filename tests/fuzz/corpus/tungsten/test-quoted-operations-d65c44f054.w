xp socket rx;
xp socket tx;
xp popped = 0;
xp x = 0;
task drained { popped = popped + 1; }
xp fifo q[2] activate_pop(drained);
async i in [0, 6) q <- rx;
k in [0, 40) x = x + k;
async i in [0, 6) tx <- q;
