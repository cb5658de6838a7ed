sp f = 1.0;
sp g = f % 2;
