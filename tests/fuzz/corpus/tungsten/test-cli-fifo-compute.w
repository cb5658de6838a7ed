// compute.w as a FIFO relay between two microthreads: one asynchronous operation pushes what arrives
// on rx into q, the other pops q onto tx. q holds 4 elements, fewer than the N that pass, so each
// waits for the other; each completion activates the local task `finished`.
xp param N;
xp socket rx;
xp socket tx;

xp fifo q[4];
xp finished_count = 0;

task finished { finished_count = finished_count + 1; }

async(finished) i in [0, N) q <- rx;
async(finished) i in [0, N) tx <- q;
