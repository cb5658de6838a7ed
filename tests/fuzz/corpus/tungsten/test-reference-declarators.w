// Reference §4: initializers run left to right; y = 11 (outer x), inner x = 12.
xp x = 10, w = 1;
xp seen_y = 0, seen_x = 0;
{
xp y = x + 1, x = y + 1;
seen_y = y;
seen_x = x;
}
