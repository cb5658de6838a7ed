xp param N;
xp socket rx;
xp socket tx;
i in [0, N) tx <- rx * 3 + 1;
