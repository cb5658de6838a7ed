xp y = 1;
xp z = y < 2.5;
