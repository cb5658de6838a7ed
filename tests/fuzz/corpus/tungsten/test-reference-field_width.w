// Reference §3: u2-u15 are stored and computed in 16 bits: a u4 set to 3 + 14 holds 17.
u4 v = 0;
xp three = 3;
v = three + 14;
