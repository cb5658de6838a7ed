xp widened = p + 1;
