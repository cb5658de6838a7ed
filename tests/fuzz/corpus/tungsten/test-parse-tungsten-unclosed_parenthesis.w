x = (a + b * c;
