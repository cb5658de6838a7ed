// Sanity twin of dsl_member_of_array.cpp: the element is subscripted before ->*.
#include "wafer/tungsten/dsl.hpp"

int main() {
    namespace w = wafer::dsl;
    w::kernel k("points");
    const auto x = w::member<w::xp>("x");
    const auto P = k.struct_("P", x);
    auto pts = k.array(P, "pts", w::dim(4));
    auto total = k.var<w::xp>("total", 0);
    k(total = pts[0]->*x);
}
