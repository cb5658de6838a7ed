xp socket rx;
xp a[4];
dsd(on_control terminate) i in [0, 4) a[i] <- rx;
