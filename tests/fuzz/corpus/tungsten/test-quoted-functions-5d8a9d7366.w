xp socket rx;
control task t on rx id(5);
control task t on rx { }
