xp socket tx;
xp socket ty;
xp a[4] = {1, 2, 3, 4};
xp b[4] = {11, 12, 13, 14};
async(priority 