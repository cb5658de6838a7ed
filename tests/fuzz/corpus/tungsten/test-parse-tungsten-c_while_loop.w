xp n = 4;
while (n > 0) n = n - 1;
