xp socket rx;
on rx(u32 a) { }
