typedef xp int;
typedef sp real;
int early = twice(4);
