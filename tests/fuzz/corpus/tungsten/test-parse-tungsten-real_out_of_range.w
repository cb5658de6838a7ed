sp x = 2.5e400;
