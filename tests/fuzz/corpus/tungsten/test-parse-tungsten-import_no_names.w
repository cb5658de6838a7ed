import vectors.{};
