import pkg;
import pkg.{bump, count};
