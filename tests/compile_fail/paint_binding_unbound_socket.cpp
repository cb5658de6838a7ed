// expect: socket .?.?tx.?.? of kernel .?.?send.?.? is not bound
// A socket left without a color stalls on hardware; code<send>() knows send has one, so verify()
// says so at compile time.
#include "wafer/paint/paint.hpp"
#include "send_signature.hpp"

constexpr auto layout = wafer::paint::freeze([] {
    using namespace wafer::paint;
    return tile() | code<send>({{"N", 8}});
});
static_assert(verify(layout));

int main() {}
