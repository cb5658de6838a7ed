points.y = 1;
