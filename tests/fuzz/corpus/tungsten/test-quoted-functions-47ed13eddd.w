xp v = 1;
return;
