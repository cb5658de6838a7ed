xp socket a;
xp socket b input_queue(0);
xp x;
x = 1;
