sp stream pick[2], one;
xp stream;
