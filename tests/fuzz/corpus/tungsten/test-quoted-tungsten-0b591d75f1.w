sp fifo q[8], r[N];
task t { activate t; }
async i in [0, 8) q <- rx;
async(t) i in [0, 8) tx <- q;
activate t;
