task b;
task a { activate b; }
task b { }
