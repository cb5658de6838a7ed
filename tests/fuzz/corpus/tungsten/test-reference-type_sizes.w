// Reference §3, Type Sizes: sizeof counts 16-bit words.
struct mix { xp a; sp b; };
xp v[4];
xp sizes[n=8] = {sizeof(xp), sizeof(sp), sizeof(u64), sizeof(ep), sizeof(struct mix), sizeof(v[0]), sizeof(v), sizeof(u1)};
