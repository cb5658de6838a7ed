xp d = 17, e = -17;
xp q = d / 5, m = d % 5, nq = e / 5, nm = e % 5;
xp band = d & 6, bor = d | 6, bxor = d ^ 6, inv = ~d;
xp big = d > 10 ? 100 : 200, small = d < 10 ? 100 : 200;
u16 u = 65535;
u16 half = u / 2;
