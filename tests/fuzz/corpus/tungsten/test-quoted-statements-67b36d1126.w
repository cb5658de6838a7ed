xp z = 0;
xp a = 1;
