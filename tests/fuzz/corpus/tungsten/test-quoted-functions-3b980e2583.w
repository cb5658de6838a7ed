import pkg.{bump};
helper();
