hp h = 0.5;
sp s = 0.25;
ep e = 2.0;
