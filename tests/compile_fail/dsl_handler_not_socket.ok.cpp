// The fix of dsl_handler_not_socket.cpp: must compile.
#include <wafer/tungsten/dsl.hpp>

namespace w = wafer::dsl;

void build() {
    w::kernel k("k");
    auto rx = k.socket<w::xp>("rx");
    auto total = k.var<w::xp>("total", 0);
    w::handler on(rx);
    auto v = on.argument<w::xp>("v");
    k(on(total = total + v));
}
