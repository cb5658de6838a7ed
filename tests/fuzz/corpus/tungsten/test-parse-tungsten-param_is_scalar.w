xp param N[4];
