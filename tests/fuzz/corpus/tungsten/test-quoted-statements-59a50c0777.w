xp param row = 0;
xp socket up;
xp v = 4;
if (row == 0 && v > 2) v <- up; else up <- v;
