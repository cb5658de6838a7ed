xp u4 = 1;
