points[1][2].y = 1;
