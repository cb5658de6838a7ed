xp socket rx;
on rx(xp a[2]) { }
