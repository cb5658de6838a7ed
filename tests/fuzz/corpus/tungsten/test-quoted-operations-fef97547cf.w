xp socket tx;
xp a[4];
async(on_control terminate) i in [0, 4) tx <- a[i];
