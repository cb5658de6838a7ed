;
xp k = 