out[0] = stream(a);
