xp socket a;
xp socket b input_queue(0);
xp v[2];
i in [0, 2) v[i] <- a;
i in [0, 2) v[i] <- b;
