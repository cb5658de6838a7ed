ep e = x;
sp back = e;
