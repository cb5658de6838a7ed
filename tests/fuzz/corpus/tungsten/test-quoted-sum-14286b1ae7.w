xp param M = 3;
xp param K = 4;
xp A[m=M][k=K] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
xp x[k=K] = {1, -1, 2, -2};
xp y[m=M];
xp z[m=M];
i in [0, M) y[i] = ∑(k in [0, K)) A[i][k] * x[k];
i in [0, M) z[i] = sum(k in [0, K)) A[i][k] * x[k] + 100;
