hp h = 0.1;
hp two = h + h;
sp x = 1.000732421875;
