xp param N;
hp h[n=N];
sp s[n=N];
i in [0, N) s[i] = (sp)h[i] + s[i];
i in [0, N) h[i] = (hp)(s[i] * 2);
