#pragma once
// recv_more.w in C++: the same kernel, built with the DSL. The parser builds the same AST from
// recv_more.w, positions aside (tests/tungsten/dsl_text.cpp), and deadlock.paint deadlocks with
// either, with the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace deadlock {

/// Waits for twice as many wavelets as its sender sends.
inline wafer::tungsten::ast::program recv_more_kernel() {
    namespace w = wafer::dsl;
    w::kernel k("recv_more");
    auto N = k.param<w::xp>("N");
    auto rx = k.socket<w::xp>("rx");
    auto out = k.array<w::xp>("out", w::dim("n", 2 * N));
    w::iterator i("i");
    k(w::in(i, 0, 2 * N)[out[i] <- rx]);
    return k.program();
}

}  // namespace deadlock
