// Sanity twin of paint_binding_unbound_socket.cpp: the socket is bound to a color.
#include "wafer/paint/paint.hpp"
#include "send_signature.hpp"

constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto c = p.color();
    return tile() | code<send>({{"tx", c}, {"N", 8}}) | paint(c, "C>R");
});
static_assert(verify(layout));

int main() {}
