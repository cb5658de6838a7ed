// expect: M.?.? is neither a param nor a socket of kernel
// A binding to a param the kernel lacks: code<send>() knows send's signature, so verify() rejects
// the misspelt name at compile time, at the code<send>() call.
#include "wafer/paint/paint.hpp"
#include "send_signature.hpp"

constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto c = p.color();
    return tile() | code<send>({{"tx", c}, {"M", 8}}) | paint(c, "C>R");
});
static_assert(verify(layout));

int main() {}
