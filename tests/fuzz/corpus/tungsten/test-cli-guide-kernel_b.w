// kernel_b.w: the odd sites of the guide's interleave example.
xp b[n=4];
i in [0, 4) b[i] = 10 + i;
