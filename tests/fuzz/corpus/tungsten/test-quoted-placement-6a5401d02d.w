xp q;
xp q;
