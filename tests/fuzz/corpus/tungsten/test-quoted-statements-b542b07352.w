hp socket tx;
sp v[4] = {1.5, -2.25, 65504.0, 0.1};
i in [0, 4) tx <- (hp)v[i];
