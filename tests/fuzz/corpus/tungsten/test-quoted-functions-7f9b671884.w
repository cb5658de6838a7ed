size f() { return 1; }
