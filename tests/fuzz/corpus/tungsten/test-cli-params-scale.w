// scale.w: an sp param scales an array: its default, or set=C=0.25, or a Paint binding [C:1.5].
sp param C = 0.5;
sp a[4] = {1.0, 2.0, 3.0, 4.0};
i in [0, 4) a[i] = a[i] * C;
