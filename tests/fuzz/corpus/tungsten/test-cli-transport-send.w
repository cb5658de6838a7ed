// send.w: sends 7 8 9 on tx.
xp socket tx;
xp data[3] = {7, 8, 9};
i in [0, 3) tx <- data[i];
