import pkg.{bump};
struct cell x;
