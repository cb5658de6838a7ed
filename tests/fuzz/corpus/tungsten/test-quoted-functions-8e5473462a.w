xp count = 0;
task again { count = count + 1; if (count < 5) activate again; }
activate again;
xp before = count;
