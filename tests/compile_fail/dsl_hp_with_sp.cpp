// expect: hp does not mix with sp or ep: convert one operand first
// an hp array and an sp array in one expression; dsl_hp_with_sp.ok.cpp is the fix.
#include <wafer/tungsten/dsl.hpp>

namespace w = wafer::dsl;

void build() {
    w::kernel k("k");
    auto N = k.param<w::xp>("N");
    auto h = k.array<w::hp>("h", w::dim("n", N));
    auto s = k.array<w::sp>("s", w::dim("n", N));
    w::iterator i("i");
    k(w::in(i, 0, N)[s[i] = h[i] + s[i]]);
}
