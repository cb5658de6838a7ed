// selective.w: imports only scale and table from vectors; the package's scale_by stays its own, so
// this kernel may declare a scale_by of its own (5) without a collision.
import vectors.{scale, table};

xp scale_by = 5;
xp out[n=4];
i in [0, 4) out[i] = table[i];
scale(out, scale_by);
