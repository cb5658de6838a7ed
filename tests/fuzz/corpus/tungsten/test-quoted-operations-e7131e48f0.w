u32 socket rx;
u32 out[2];
xp ran = 0;
control task got on rx id(5) { ran = 1; }
i in [0, 2) out[i] <- rx;
