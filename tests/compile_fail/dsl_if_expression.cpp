// expect: if_\(c\)\[ \.\.\. \] takes one statement
// an expression where the branch's statement belongs; dsl_if_expression.ok.cpp is the fix.
#include <wafer/tungsten/dsl.hpp>

namespace w = wafer::dsl;

void build() {
    w::kernel k("k");
    auto b = k.var<w::xp>("b", 1);
    k(w::if_(b > 0)[b + 1]);
}
