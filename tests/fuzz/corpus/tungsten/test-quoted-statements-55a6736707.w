b[5] = z / z;
i in [0, 6) mx[i] = a[i] > b[i] ? a[i] : b[i];
i in [0, 6) mn[i] = a[i] < b[i] ? a[i] : b[i];
i in [0, 6) u[i] = a[i] > b[i] ? b[i] : a[i];
i in [0, 6) v[i] = a[i] < b[i] ? b[i] : a[i];
i in [0, 6) g[i] = p[i] >= q[i] ? p[i] : q[i];
i in [0, 6) l[i] = p[i] <= q[i] ? p[i] : q[i];
i in [0, 6) h[i] = (p[i] > q[i] ? q[i] : p[i]) + 1;
i in [0, 6) { if (i >= 0) {
  mx2[i] = a[i] > b[i] ? a[i] : b[i]; mn2[i] = a[i] < b[i] ? a[i] : b[i];
  uu[i] = a[i] > b[i] ? b[i] : a[i]; vv[i] = a[i] < b[i] ? b[i] : a[i];
  g2[i] = p[i] >= q[i] ? p[i] : q[i]; l2[i] = p[i] <= q[i] ? p[i] : q[i];
  h2[i] = (p[i] > q[i] ? q[i] : p[i]) + 1;
} }
sp s[4] = {1.0, 2.0, 3.0, 4.0}; sp t[4];
i in [0, 4) t[i] = s[i] >= 2.5 ? s[i] : 2.5;
