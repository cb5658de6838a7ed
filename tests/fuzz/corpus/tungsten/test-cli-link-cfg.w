// cfg.w: two words of configuration, which link() sets per PE.
xp cfg[n=2];
