main {
  x = 1;
