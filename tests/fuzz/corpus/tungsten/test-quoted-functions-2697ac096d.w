task t id(3);
task t id(4) { }
