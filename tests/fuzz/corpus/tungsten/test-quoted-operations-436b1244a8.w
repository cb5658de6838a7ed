xp socket rx;
xp ran = 0;
control task hello on rx id(12) { ran = 1; }
