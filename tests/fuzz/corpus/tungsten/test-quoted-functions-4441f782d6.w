xp socket rx;
control task t on rx;
task t { }
