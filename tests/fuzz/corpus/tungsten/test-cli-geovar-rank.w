// rank.w: keeps its rank, a param each PE of the layout gets from a geovar.
xp param rank;
xp me[1] = {rank};
