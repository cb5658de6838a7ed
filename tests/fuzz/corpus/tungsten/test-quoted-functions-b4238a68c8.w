xp b[4];
task ping;
task pong;
task ping { async(pong) i in [0, 4) a[i] <- rx; }
task pong { async(ping) i in [0, 4) b[i] <- rx; }
activate ping;
