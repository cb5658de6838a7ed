struct Point { xp x; xp y; };
struct Point points[10];
void never() { points.y = 1; }
