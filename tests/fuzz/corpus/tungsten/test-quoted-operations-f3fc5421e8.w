xp socket rx;
control task t { }
