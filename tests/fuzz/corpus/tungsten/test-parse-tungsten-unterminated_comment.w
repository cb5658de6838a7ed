xp a;
/* never closed
xp b;
