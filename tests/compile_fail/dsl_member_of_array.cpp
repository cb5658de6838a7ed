// expect: this array has 1 dimension; write one subscript per dimension
// A member of an array of structs is named through one element: pts[i]->*x, not pts->*x.
#include "wafer/tungsten/dsl.hpp"

int main() {
    namespace w = wafer::dsl;
    w::kernel k("points");
    const auto x = w::member<w::xp>("x");
    const auto P = k.struct_("P", x);
    auto pts = k.array(P, "pts", w::dim(4));
    auto total = k.var<w::xp>("total", 0);
    k(total = pts->*x);
}
