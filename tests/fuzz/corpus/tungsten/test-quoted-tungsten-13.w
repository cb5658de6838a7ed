import vectors;
