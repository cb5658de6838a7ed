main { typedef sp f; }
f x;
