// Sanity twin of paint_binding_unknown.cpp: the param is spelt as the kernel spells it.
#include "wafer/paint/paint.hpp"
#include "send_signature.hpp"

constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto c = p.color();
    return tile() | code<send>({{"tx", c}, {"N", 8}}) | paint(c, "C>R");
});
static_assert(verify(layout));

int main() {}
