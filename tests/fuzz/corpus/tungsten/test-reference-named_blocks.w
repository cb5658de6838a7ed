// Reference §1, Named Execution Blocks: a name is a label only; blocks run in source order and names may repeat.
xp a[n=4];
main {
i in [0, 4) a[i] = a[i] + 1;
}
main {
i in [0, 4) a[i] = a[i] * 3;
}
