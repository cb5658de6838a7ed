// kernel.w: the Paint guide's geovar example's kernel: keeps its id, a param from the geovar.
xp param id;
xp me[1] = {id};
