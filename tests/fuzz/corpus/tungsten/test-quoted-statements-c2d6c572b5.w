u16 ok = 1;
u1 flag = 1;
u0 bad = 1;
