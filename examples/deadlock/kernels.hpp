#pragma once
// recv_more.w in C++: the same kernel, built with the DSL. The parser builds the same AST from
// recv_more.w, positions aside (tests/tungsten/dsl_text.cpp), and deadlock.paint deadlocks with
// either, with the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace deadlock {

namespace w = wafer::dsl;

/// Waits for twice as many wavelets as its sender sends.
struct recv_more {
    static constexpr w::signature signature{"recv_more", w::param<w::xp>("N"), w::socket<w::xp>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program recv_more::program() {
    w::kernel k(signature);
    auto [N, rx] = signature.ports();
    auto out = k.array<w::xp>("out", w::dim("n", 2 * N));
    w::iterator i("i");
    k(w::in(i, 0, 2 * N)[out[i] <- rx]);
    return k.program();
}

}  // namespace deadlock
