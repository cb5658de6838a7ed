xp x = 10, w = 1;
{
xp y = x + 1, x = y + 1; // y = 11 (outer x), inner x = 12
xp w = w + 1; // error: 'w' is used before declaration
}
