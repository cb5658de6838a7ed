task t;
activate t;
