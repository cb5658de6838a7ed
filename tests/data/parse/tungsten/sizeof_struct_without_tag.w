xp n = sizeof(struct);
