i in [0, 4) q <- q;
