xp socket rx;
control task t on rx { }
activate t;
