h = e;
