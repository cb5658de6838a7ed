xp x = 1;
main { xp fifo q[2]; }
