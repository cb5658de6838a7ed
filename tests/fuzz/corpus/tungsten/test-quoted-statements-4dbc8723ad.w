u4 folded = 3 + 14;
u4 a = 3;
u4 computed = a + 14;
s3 negative = -100;
u15 big = 40000;
u15 half = big / 2;
