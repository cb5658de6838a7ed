// vectors.w: a package of helpers. `import vectors;` splices its declarations into the importer's
// global scope where the import stands: its arrays become the importer's symbols.
xp scale_by = 3;
xp table[n=4] = {1, 2, 3, 4};

void scale(xp v[n=4], xp k) { i in [0, 4) v[i] <- v[i] * k; }
