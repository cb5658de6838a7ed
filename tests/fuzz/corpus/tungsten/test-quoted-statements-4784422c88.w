sp x = h > 0.0 ? h : s;
