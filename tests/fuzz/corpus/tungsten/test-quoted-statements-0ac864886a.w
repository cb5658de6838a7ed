xp minus = 5 - (b < a);
