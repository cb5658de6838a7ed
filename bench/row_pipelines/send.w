xp param N;
xp socket tx;
xp data[n=N];
i in [0, N) tx <- data[i];
