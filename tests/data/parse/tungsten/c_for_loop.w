xp a[4];
for (i = 0; i < 4; i = i + 1) a[i] = i;
