u32 socket tx;
u32 a[2] = {0x12345, 0x6789a};
u32 ctl = 0x50000;
i in [0, 2) tx <- a[i];
dsd(control) tx <- ctl;
