struct mix { xp a; sp b; };
xp v[4];
xp s[n=15] = {sizeof(xp), sizeof(u1), sizeof(u16), sizeof(hp), sizeof(u32), sizeof(s32),
              sizeof(sp), sizeof(ep), sizeof(u64), sizeof(s64), sizeof(struct mix),
              sizeof(v[0]), sizeof(v), sizeof(u4), sizeof(s16)};
