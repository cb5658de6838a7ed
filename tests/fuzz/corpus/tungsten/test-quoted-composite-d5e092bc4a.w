struct Inner { xp c; sp d[2]; };
struct Outer { xp a; struct Inner in; sp tail; };
union bits { sp f; u32 u; xp w[3]; };
struct odd { sp b; xp a; };
typedef sp row[n=3];
typedef row grid[m=2];
struct Outer o;
xp buffer[sizeof(struct Outer)];
xp s[n=9] = {sizeof(struct Inner), sizeof(struct Outer), sizeof(union bits), sizeof(struct odd),
             sizeof(row), sizeof(grid), sizeof(o.in), sizeof(o.in.d), sizeof(buffer)};
