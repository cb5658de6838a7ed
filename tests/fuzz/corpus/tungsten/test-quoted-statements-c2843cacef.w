sp x = e * h;
