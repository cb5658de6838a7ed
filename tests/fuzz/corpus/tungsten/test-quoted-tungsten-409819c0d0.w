struct Inner {
  xp c;
  sp d[2];
};
struct Outer { xp a; struct Inner in; sp tail; };
union wvinter { xp x; hp h; } val[N], one;
typedef struct tree_node node_array[M];
typedef float_32 float;
volatile tnode node;
o.in.d[0] = points[3].y + sizeof(struct Outer) + sizeof(v[0]) + sizeof(sp) + sizeof(tnode);
