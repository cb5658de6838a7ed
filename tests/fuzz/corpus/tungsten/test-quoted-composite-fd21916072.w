i in [0, 11) points[i].x = 0;
