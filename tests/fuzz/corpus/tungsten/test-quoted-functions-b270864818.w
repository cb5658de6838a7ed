activate a;
