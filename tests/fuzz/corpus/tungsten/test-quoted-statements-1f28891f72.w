u1 p = a < b;
