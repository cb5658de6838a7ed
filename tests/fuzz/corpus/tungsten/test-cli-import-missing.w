// missing.w: a selective import of a name the package does not declare.
import vectors.{tables};
