// kernel_a.w: the even sites of the guide's interleave example; a is what its map entry names.
xp a[n=4];
i in [0, 4) a[i] = i;
