xp count = 0;
xp socket rx;
xp fifo q[4] activate_push(filled) activate_pop(finished);
task finished { count = count + 1; }
task filled id(3) { xp local = 2; count = count + local; }
control task reset on rx id(12) { count = 0; }
i in [0, 4) q <- rx;
activate finished;
block finished;
unblock finished;
block rx;
