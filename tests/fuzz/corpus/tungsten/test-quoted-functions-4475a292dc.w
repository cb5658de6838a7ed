xp socket rx;
xp fifo q[4] activate_push(pushed);
xp n = 0;
task pushed { n = n + 1; }
async i in [0, 4) q <- rx;
