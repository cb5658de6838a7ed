xp socket tx output_queue(3);
xp a[3] = {1, 2, 3};
i in [0, 3) tx <- a[i];
