struct S { xp d[n=2]; } s[n=3];
