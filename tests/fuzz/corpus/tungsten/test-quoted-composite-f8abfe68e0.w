xp param N = 3;
xp param M = 2;
typedef sp float_32;
float_32 var1 = 1.5;
typedef sp float_arr[N];
float_arr my_array = {1.0, 2.0, 3.0};
float_arr tensor[M];
i in [0, M) j in [0, N) tensor[i][j] = my_array[j] * var1;
typedef float_32 float;
float f = var1 + 1.0;
struct tree_node { xp root; xp next; };
typedef struct tree_node tnode;
tnode node;
node.next = 7;
typedef struct tree_node node_array[M];
node_array nodes;
nodes[1].root = node.next;
union wavelet { sp s; xp x[2]; };
typedef union wavelet wvlet;
wvlet w;
w.s = 2.0;
xp got = 0;
main {
  typedef sp local_float;
  local_float var2 = 0.0;
  var2 = var1 * 4.0;
  got = var2;
}
