struct Point { xp x; xp y; } mypoint, pair[2];
struct Point one[1];
mypoint.x = 3;
pair[1].y = mypoint.x + 4;
one.x = 5;
