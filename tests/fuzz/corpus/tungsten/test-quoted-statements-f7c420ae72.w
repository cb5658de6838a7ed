xp param row = 0;
xp param G = 4;
xp socket up;
xp v = 4;
xp w = 1;
if (