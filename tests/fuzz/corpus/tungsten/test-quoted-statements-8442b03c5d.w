sp wide = (sp)h + s;
hp narrow = h + (hp)s;
ep prod = (ep)h * e;
hp one_third = (hp)(s + 0.083333333);
