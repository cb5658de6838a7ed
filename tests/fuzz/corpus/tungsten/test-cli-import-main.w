// main.w: imports the package vectors and uses what it declares.
import vectors;

xp out[n=4];
i in [0, 4) out[i] = table[i];
scale(out, scale_by);
