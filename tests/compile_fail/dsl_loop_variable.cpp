// expect: a loop or sum runs over a w::iterator
// a param where a loop iterator belongs; dsl_loop_variable.ok.cpp is the fix.
#include <wafer/tungsten/dsl.hpp>

namespace w = wafer::dsl;

void build() {
    w::kernel k("k");
    auto N = k.param<w::xp>("N");
    auto tx = k.socket<w::xp>("tx");
    auto data = k.array<w::xp>("data", w::dim("n", N));
    auto g = k.array<w::sp>("g", w::dim("n", N), w::dim("m", N));
    auto s = k.array<w::sp>("s", w::dim("n", N));
    auto b = k.var<w::xp>("b", 1);
    w::iterator i("i"), j("j");
    (void)tx, (void)data, (void)g, (void)s, (void)b, (void)j;
    k(w::in(N, 0, 4)[data[0] = 1]);
}
