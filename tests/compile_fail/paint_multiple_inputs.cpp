// expect: Multiple router inputs set
// A color's router takes input from one port at a time: paint rejects [LC>CR], and so does the C++
// route literal, at compile time.
#include "wafer/paint/paint.hpp"

using namespace wafer::paint;

constexpr auto layout = freeze([](palette& p) {
    auto c = p.color();
    return tile() | paint(c, "LC>CR");
});
static_assert(verify(layout));

int main() {}
