// expect: a handler runs on a socket
// a handler on a variable; dsl_handler_not_socket.ok.cpp is the fix.
#include <wafer/tungsten/dsl.hpp>

namespace w = wafer::dsl;

void build() {
    w::kernel k("k");
    auto rx = k.socket<w::xp>("rx");
    auto total = k.var<w::xp>("total", 0);
    (void)rx;
    w::handler on(total);
    auto v = on.argument<w::xp>("v");
    k(on(total = total + v));
}
