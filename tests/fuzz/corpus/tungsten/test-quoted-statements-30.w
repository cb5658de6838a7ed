sp x = h + s;
