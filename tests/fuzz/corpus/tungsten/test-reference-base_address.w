// Reference §5, Base Address Access: setting .base moves no data; later accesses use the new address.
xp bufA[n=4] = {1, 2, 3, 4};
xp bufB[n=4] = {10, 20, 30, 40};
xp abase = bufA.base;
xp got[n=4];
bufA.base <- bufB.base;
i in [0, 4) got[i] = bufA[i];
bufA.base <- abase;
