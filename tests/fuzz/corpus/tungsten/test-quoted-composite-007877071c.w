struct packet { xp len; xp data[4]; };
struct packet k;
k.len = 4;
