// pass.w: keeps the four values it receives and sends each one plus 1.
xp socket rx;
xp socket tx;
xp buf[4];
i in [0, 4) buf[i] <- rx;
i in [0, 4) tx <- buf[i] + 1;
