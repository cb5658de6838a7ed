main {
i in [0, N) a[i] = a[i] + 1;
}
{ xp t = 1; { t = 2; } }
main { }
