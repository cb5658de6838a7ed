// Reference §5, Array Access: Carbide writes m[0][1] here without a word; wafer rejects the missing subscript.
xp m[n=2][k=3];
m[1] = 9;
