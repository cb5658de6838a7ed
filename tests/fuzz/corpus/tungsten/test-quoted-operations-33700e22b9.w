xp socket tx;
xp a[3] = {1, 2, 3};
xp hits = 0;
task t { hits = hits + 1; }
block t;
activate t;
