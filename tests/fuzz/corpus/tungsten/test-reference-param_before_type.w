// Reference §8: the param qualifier goes after the base type.
param xp N;
