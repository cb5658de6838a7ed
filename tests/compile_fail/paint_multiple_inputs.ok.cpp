// Sanity twin of paint_multiple_inputs.cpp: one input, two outputs.
#include "wafer/paint/paint.hpp"

using namespace wafer::paint;

constexpr auto layout = freeze([](palette& p) {
    auto c = p.color();
    return tile() | paint(c, "L>CR");
});
static_assert(verify(layout));

int main() {}
