hp socket tx;
hp v[4] = {1.5, -2.25, 65504.0, 0.1};
i in [0, 4) tx <- v[i];
