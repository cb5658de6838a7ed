xp socket rx;
xp n = 0;
task pushed;
xp fifo q[4] activate_push(pushed);
task pushed { n = n + 1; }
async i in [0, 4) q <- rx;
