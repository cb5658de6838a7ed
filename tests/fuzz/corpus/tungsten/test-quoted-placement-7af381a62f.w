xp a[4];
a[0].base = 1;
