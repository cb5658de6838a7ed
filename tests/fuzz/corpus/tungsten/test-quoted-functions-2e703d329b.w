xp r = 0;
r = twice(21) + 1;
xp twice(xp a) { return a * 2; }
sp mean(sp a, sp b) { return (a + b) / 2.0; }
sp m = 0.0;
m = mean(1.0, 2.0);
xp a = 5;
xp same = twice(a);
