__builtin_frobnicate(1);
