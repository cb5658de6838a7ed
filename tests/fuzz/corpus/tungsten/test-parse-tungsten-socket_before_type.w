socket sp rx;
