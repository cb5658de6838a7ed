xp param N;
xp a = 1
xp b;
