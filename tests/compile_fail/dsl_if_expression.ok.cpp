// The fix of dsl_if_expression.cpp: must compile.
#include <wafer/tungsten/dsl.hpp>

namespace w = wafer::dsl;

void build() {
    w::kernel k("k");
    auto b = k.var<w::xp>("b", 1);
    k(w::if_(b > 0)[b = b + 1]);
}
