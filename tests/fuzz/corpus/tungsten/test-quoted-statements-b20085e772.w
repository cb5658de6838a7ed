xp cast = (xp)(a < b);
