xp square(xp x) { return x * x; }
xp sum_of_squares(xp a, xp b) { xp s = square(a); s = s + square(b); return s; }
xp counter() { xp n[2] = {}; n[0] = n[0] + 1; return n[0]; }
xp r = 0, k1 = 0, k2 = 0;
r = sum_of_squares(3, square(2));
k1 = counter();
k2 = counter();
