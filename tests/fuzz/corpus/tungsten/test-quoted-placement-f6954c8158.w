xp a[4];
main { xp a[8] [[inner]]; a[7] = 1; }
