xp param upper = 0;
xp socket up;
xp v = 4;
if (upper) v <- up; else up <- v;
