xp socket rx;
xp v = rx;
on rx(xp a) { }
