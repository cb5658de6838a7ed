;
xp hi = 