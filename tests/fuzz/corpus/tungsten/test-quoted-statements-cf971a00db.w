xp plus = (a < b) + 1;
