xp param N = 4;
void scale(xp v[n=N], xp k) { i in [0, N) v[i] <- v[i] * k; }
struct P { xp x; xp y; };
void swap(struct P p) { xp t = p.x; p.x = p.y; p.y = t; }
xp a[n=N] = {1, 2, 3, 4};
xp b[n=N] = {5, 6, 7, 8};
scale(a, 3);
scale(b, 2);
struct P q;
q.x = 1;
q.y = 2;
swap(q);
