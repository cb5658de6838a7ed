async(nothing) i in [0, 4) q <- rx;
