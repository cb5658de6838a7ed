pick[0] = stream(m);
