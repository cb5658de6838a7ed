struct Point { xp x; xp y; };
struct Point points[10];
struct Point p;
xp m[n=2][k=3];
xp a[4];
