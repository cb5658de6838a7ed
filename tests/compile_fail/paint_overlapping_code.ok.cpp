// Sanity twin of paint_overlapping_code.cpp: side by side, the two code regions do not overlap.
#include "wafer/paint/paint.hpp"

using namespace wafer::paint;

constexpr auto layout = freeze([] {
    auto a = rect(0, 0, 2, 1) | code("send");
    auto b = tile(1, 0) | code("recv");
    return hstack(a, b);
});
static_assert(verify(layout));

int main() {}
