// the qualifier comes second
param xp N;
