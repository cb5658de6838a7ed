// Reference §5, Array Length: arrays have no length.
xp a[n=4];
xp n = a.length;
