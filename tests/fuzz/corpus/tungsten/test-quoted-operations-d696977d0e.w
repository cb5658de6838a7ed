x = pick[0][1];
