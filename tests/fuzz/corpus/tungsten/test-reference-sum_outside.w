// Reference §5: a sum whose affine subscripts over constant ranges read outside an operand is rejected.
xp a[n=4];
xp total = 0;
total = ∑(k in [0, 6)) a[k];
