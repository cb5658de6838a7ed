task t;
task t { }
task t { }
