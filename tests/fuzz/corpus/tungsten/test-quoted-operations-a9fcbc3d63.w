xp socket rx;
xp out[4];
dsd(