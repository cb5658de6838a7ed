xp socket rx input_queue(5);
xp out[3];
i in [0, 3) out[i] <- rx;
