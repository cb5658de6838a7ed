typedef xp row[4];
row f() { return 1; }
