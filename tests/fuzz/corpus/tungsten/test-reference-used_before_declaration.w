// Reference §4: a declarator's own initializer cannot use its name.
xp x = 10, w = 1;
{
xp w = w + 1; // error: 'w' is used before declaration
}
