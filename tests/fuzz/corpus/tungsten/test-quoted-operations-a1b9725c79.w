xp param K = 0;
task a { }
task b id(K) { }
