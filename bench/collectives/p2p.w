// p2p.w — the two ends of a point-to-point stream: the sender sends its N values on s, the
// receiver keeps what arrives.
xp param N;        // values
xp param receives; // geovar: 1 on the receiver
sp socket s;

sp v[n=N];

if (receives) i in [0, N) v[i] <- s;
else i in [0, N) s <- v[i];
