// Sanity twin of dsl_struct_as_value.cpp: the copy names a member.
#include "wafer/tungsten/dsl.hpp"

int main() {
    namespace w = wafer::dsl;
    w::kernel k("points");
    const auto x = w::member<w::xp>("x");
    const auto P = k.struct_("P", x, w::member<w::xp>("y"));
    auto p = k.var(P, "p");
    auto q = k.var(P, "q");
    k(q->*x = p->*x);
}
