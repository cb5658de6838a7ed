u32 socket rx;
u32 got[1];
async(control_transform) i in [0, 1) got[i] <- rx;
