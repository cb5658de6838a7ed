a = a / z;
