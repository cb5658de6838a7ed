// count_send.w: sends 1 .. N on tx.
xp param N;
xp socket tx;
i in [0, N) tx <- i + 1;
