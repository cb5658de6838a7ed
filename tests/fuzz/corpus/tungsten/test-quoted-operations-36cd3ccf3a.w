hp src_array[8] = {0, 1, 2, 3, 4, 5, 6, 7};
hp dst_array[1];
hp dst_scalar = 0;
i in [0, 4) dst_array[0] = src_array[2 * i];
i in [0, 4) dst_scalar = src_array[2 * i];
