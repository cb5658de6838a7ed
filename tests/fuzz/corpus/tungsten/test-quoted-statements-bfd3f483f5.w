xp masked = p * 3;
