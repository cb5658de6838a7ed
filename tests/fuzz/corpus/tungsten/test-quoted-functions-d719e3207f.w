xp pings = 0;
xp pongs = 0;
task pong;
task ping { pings = pings + 1; activate pong; }
task pong { pongs = pongs + 1; if (pongs < 4) activate ping; }
activate ping;
