xp socket rx;
on rx(xp a) { }
on rx(xp b) { }
