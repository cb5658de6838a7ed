xp dot;
async dot = ∑(i in [0, 4)) a[i] * rx;
