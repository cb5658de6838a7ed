xp param N; xp param M = -1;
sp g[n=2*N][m=N+1];
xp q[4] = {1, -2, {}, {3}};
xp b = 0xdead;
i in [0, N) j in [i, M) g[i][j] <- -g[i][j] * 2.5 - N;
i in [0, N) q[i] <- 3 * (b - -1);
main { xp t = 1; q[0] = t; { q[1] = -t; } }
