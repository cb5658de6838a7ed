x = stream(a) + 1;
