// expect: a struct or union is not a value; name one of its members
// A struct is not a value (docs/tungsten.md): copying one is a compile error at the user's line.
#include "wafer/tungsten/dsl.hpp"

int main() {
    namespace w = wafer::dsl;
    w::kernel k("points");
    const auto x = w::member<w::xp>("x");
    const auto P = k.struct_("P", x, w::member<w::xp>("y"));
    auto p = k.var(P, "p");
    auto q = k.var(P, "q");
    k(q = p);
}
