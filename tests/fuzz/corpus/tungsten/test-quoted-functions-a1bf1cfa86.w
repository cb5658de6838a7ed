import pkg.{bump};
xp count = 100;
void helper() { count = count + 10; }
struct cell { sp w; };
bump();
helper();
