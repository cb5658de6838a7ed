// private.w: a name that the selective import keeps inside the package is not visible here.
import vectors.{table};
xp here = scale_by;
