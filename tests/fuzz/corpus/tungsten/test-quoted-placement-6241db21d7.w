xp bufA[4] = {1, 2, 3, 4};
xp bufB[4] = {10, 20, 30, 40};
xp abase = bufA.base;
xp sum[4];
xp fixed = sum.base;
bufA.base <- bufB.base;
i in [0, 4) sum[i] = bufA[i] + 1;
