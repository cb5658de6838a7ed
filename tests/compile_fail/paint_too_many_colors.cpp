// expect: more than 24 colors
// The router has 24 colors; the solver cannot give a 25th color in use a physical one.
#include "wafer/paint/paint.hpp"

using namespace wafer::paint;

constexpr auto layout = freeze([](palette& p) {
    region r = rect(0, 0, 2, 1);
    for (const color& c : p.colors<25>()) r = r | paint(c, "L>R");
    return r;
});
static_assert(verify(layout));

int main() {}
