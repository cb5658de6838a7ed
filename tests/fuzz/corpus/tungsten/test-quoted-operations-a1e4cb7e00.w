xp socket tx;
xp a[3];
task t { }
task u { }
async(activate t, unblock u) i in [0, 3) tx <- a[i];
