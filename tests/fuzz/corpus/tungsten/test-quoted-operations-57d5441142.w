xp socket a input_queue(2);
xp socket b input_queue(2);
