xp a[4] address(&);
