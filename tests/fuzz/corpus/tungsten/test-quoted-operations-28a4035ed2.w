u32 socket rx;
u32 socket tx;
u32 fifo q[5];
async(control_transform) i in [0, 3) q <- rx;
async(control_transform) i in [0, 3) tx <- q;
