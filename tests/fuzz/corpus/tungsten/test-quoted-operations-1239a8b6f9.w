xp socket rx;
xp fifo q[4];
async(control_transform) i in [0, 4) q <- rx;
