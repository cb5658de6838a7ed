xp count = 0;
struct cell { xp v; };
struct cell c;
void helper() { count = count + 1; }
void bump() { helper(); helper(); c.v = count; }
