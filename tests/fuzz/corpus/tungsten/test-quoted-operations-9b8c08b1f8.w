u16 array[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
u16 total[1];
i in [0, 10) total[0] <- total[0] + array[i];
