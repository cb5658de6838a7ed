xp third = bufA[2];
bufA.base = abase;
xp back = bufA[0];
