xp s = -16;
xp logical = s >> 2;
xp arithmetic = s x>> 2;
xp left = s << 3;
s32 w = -16;
s32 wide = w >> 2;
