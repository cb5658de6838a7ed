task main on rx
x = 1;
