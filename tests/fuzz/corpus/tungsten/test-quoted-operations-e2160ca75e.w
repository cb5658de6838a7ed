sp socket tx;
u32 cmd = 0x105;
dsd(control) tx <- cmd;
