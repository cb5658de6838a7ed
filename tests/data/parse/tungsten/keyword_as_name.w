xp in;
