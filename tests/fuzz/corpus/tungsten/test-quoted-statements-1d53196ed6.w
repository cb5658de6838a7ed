sp x = h;
