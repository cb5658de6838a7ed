pick[0] = stream(b);
