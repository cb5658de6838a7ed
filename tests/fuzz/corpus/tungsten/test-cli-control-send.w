// Three values, then a control wavelet that ends the receiver's read, then one that names task 12.
xp socket tx;
xp a[3] = {7, 8, 9};
xp zero = 0;

i in [0, 3) tx <- a[i];
dsd(control) tx <- zero;
dsd(control, index 12) tx <- zero + 0;
