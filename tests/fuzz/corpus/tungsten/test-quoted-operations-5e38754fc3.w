sp stream s = 1;
