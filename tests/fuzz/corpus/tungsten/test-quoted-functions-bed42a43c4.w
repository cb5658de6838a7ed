xp f() { return hidden; }
main { xp hidden = 1; xp v = f(); }
