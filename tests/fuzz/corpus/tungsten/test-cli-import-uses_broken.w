// uses_broken.w: imports a package whose mistake is reported where it is.
import broken;
xp here = fine;
