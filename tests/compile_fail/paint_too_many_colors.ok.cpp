// Sanity twin of paint_too_many_colors.cpp: 24 colors fit.
#include "wafer/paint/paint.hpp"

using namespace wafer::paint;

constexpr auto layout = freeze([](palette& p) {
    region r = rect(0, 0, 2, 1);
    for (const color& c : p.colors<24>()) r = r | paint(c, "L>R");
    return r;
});
static_assert(verify(layout));

int main() {}
