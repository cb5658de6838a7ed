typedef xp row[n=4];
row r = {};
row s = {5, 6};
