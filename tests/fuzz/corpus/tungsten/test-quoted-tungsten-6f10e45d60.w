xp a;
xp b; // last line without a newline