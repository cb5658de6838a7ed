};
ep acc = 0.0;
acc = ∑(k in [0, K)) (ep)a[k] * (ep)b[k];
