u32 socket rx;
u32 out[3];
i in [0, 3) out[i] <- rx;
