async(activate t, priority high, on_control activate u, index k + 1, microthread 3, zero a) i in [0, 8) tx <- a[i] + b[i];
dsd(control, advance_switch) tx <- 0x101;
control task c on rx id(12) { block t; unblock t; }
xp fifo q[4] activate_push(t) activate_pop(u);
block = 1;
