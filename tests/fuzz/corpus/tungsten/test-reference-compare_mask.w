// Reference §3, Booleans and Predicates: a comparison used as a value is the mask (-1), a u1 widens to 0/1.
xp a = 1, b = 2;
xp t = 0, m = 0, p = 0;
u1 q = 0;
t = a < b;
m = (a < b) * 1;
q = a < b;
p = q + 1;
