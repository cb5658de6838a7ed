// send.w — the first tile of the pipeline: make N values and send them east on tx.
xp param N;
xp socket tx;

xp data[n=N];

i in [0, N) data[i] = i + 1;
i in [0, N) tx <- data[i];
