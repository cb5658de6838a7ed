xp n = 0;
task a { n = n + 1; }
task b id(0) { n = n + 10; }
task c { n = n + 100; }
activate a; activate b; activate c;
