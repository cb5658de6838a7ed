hp h[8] = {1.5, -2.25, 0.1, 65504.0, -0.0, 3.0, 1000.5, -7.75};
sp s[8] = {1000000.0, -1000000.0, 70000.0, 0.1, -3.7, 2.5, -0.0, 1.0e-9};
xp x[8] = {1, -2, 32767, -32768, 0, 100, -100, 7};
sp hs[8]; hp sh[8]; xp sx[8]; sp xs[8]; xp hx[8]; hp xh[8]; sp m[8];
sp hs2[8]; hp sh2[8]; xp sx2[8]; sp xs2[8]; xp hx2[8]; hp xh2[8]; sp m2[8];
i in [0, 8) hs[i] = (sp)h[i];
i in [0, 8) sh[i] = (hp)s[i];
i in [0, 8) sx[i] = (xp)s[i];
i in [0, 8) xs[i] = (sp)x[i];
i in [0, 8) hx[i] = (xp)h[i];
i in [0, 8) xh[i] = (hp)x[i];
i in [0, 8) m[i] = (sp)h[i] * s[i] + (sp)x[i];
i in [0, 8) { if (i >= 0) {
  hs2[i] = (sp)h[i]; sh2[i] = (hp)s[i]; sx2[i] = (xp)s[i]; xs2[i] = (sp)x[i];
  hx2[i] = (xp)h[i]; xh2[i] = (hp)x[i]; m2[i] = (sp)h[i] * s[i] + (sp)x[i];
} }
