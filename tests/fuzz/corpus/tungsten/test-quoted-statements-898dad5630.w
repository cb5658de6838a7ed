xp z = 0, one = 1;
xp a = 0, b = 0, c = 0;
if (one || z / z) a = 1;
if (z && z / z) b = 1; else b = 2;
c = (one && 3) + (z || one);
