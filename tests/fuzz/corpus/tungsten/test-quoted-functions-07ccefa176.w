xp v = 1;
on v(xp a) { }
