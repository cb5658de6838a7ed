sp half = 0.5f;
