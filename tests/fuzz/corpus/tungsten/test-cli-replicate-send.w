// send.w: sends 1 2 3 4.
xp socket tx;
xp data[4] = {1, 2, 3, 4};
i in [0, 4) tx <- data[i];
