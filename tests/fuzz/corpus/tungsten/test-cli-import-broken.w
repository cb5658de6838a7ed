// broken.w: a package with a mistake, reported in the package's own text.
xp fine = 1;
xp wrong = missing + 1;
