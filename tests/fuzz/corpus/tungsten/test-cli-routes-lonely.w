// lonely.w — reads one value from a socket whose color no route brings to this PE.
u16 socket rx;
u16 got;
got = rx;
