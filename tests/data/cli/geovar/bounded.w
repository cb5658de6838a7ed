// bounded.w: writes element `rank` of a four-element array, so a rank of 4 is an error.
xp param rank;
xp a[4];
a[rank] = 1;
