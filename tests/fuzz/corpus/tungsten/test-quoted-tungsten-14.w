import vectors.{scale, table};
