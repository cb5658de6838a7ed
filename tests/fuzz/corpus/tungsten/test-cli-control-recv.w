// Reads up to 10 values; the first control wavelet ends the read and activates `stop`, the second
// runs the control task with ID 12.
xp socket rx;
xp out[10];
xp ended = 0;
xp greeted = 0;

task stop { ended = 1; }
control task hello on rx id(12) { greeted = 1; }

async(on_control activate stop) i in [0, 10) out[i] <- rx;
