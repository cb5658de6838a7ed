// expect: two code regions overlap
// Paint rejects a union of overlapping regions that both have code: verify() says so at compile time.
#include "wafer/paint/paint.hpp"

using namespace wafer::paint;

constexpr auto layout = freeze([] {
    auto a = rect(0, 0, 2, 1) | code("send");
    auto b = tile(1, 0) | code("recv");
    return union_(a, b);
});
static_assert(verify(layout));

int main() {}
