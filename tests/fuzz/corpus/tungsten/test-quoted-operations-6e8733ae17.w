u16 array[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
u16 odd[5];
i in [0, 5) odd[i] = array[2 * i + 1];
