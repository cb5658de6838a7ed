// Reference §1: a second array of one name in one scope, annotated or not, is an error.
xp a[n=4];
xp a[n=8] [[placed]];
