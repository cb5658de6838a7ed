// collide.w: an array of the importer with the name of one the package splices in.
import vectors;

xp table[n=8];
