sp c = C;
hp h = H * H;
ep e = E;
sp last = b[N];
