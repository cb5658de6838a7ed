) i in [0, 4) ty <- b[i];
