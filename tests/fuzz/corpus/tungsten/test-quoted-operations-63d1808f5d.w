u16 array[16];
xp my_index = 3;
i in [0, 10) array[my_index + i] = array[my_index + i] + 42;
