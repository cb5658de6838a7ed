volatile run = 0;
