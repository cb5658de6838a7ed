sp e[2] bank(3);
