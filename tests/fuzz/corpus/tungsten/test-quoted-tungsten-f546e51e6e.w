xp x;
xp y = 5;
sp pi = 3.14159;
hp temperature = 0.0;
xp a = 1, b = 2, c = 3;
volatile xp run = 0;
ep e;
sp s = e;
sp x2, y2;
