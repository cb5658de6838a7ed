xp socket a output_queue(6);
xp x;
