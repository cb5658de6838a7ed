xp socket rx;
on rx(xp a) { }
xp v = rx;
