// uses_gather.w: passes an index past the end to the package's function; the fault report names the
// line in the package, not in this file.
import gather;
xp a[n=4] = {1, 2, 3, 4};
xp idx[3] = {1, 3, 7};
xp total[1] = {0};
gather(a, idx, total);
