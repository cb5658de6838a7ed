};
hp b[k=K] = {