#pragma once
// The pipeline's three kernels in C++: the twins of send.w, compute.w and recv.w in this
// directory. Each builds the AST the parser builds for its file (positions aside):
//
//   send.w                      compute.w                          recv.w
//   xp param N;                 xp param N;                        xp param N;
//   xp socket tx;               xp socket rx;                      xp socket rx;
//   xp data[n=N];               xp socket tx;                      xp out[n=N];
//   i in [0, N) data[i] = i + 1;  i in [0, N) tx <- rx * 3 + 1;    i in [0, N) out[i] <- rx;
//   i in [0, N) tx <- data[i];
#include <wafer/tungsten/dsl.hpp>

namespace pipeline {

/// Fills data[i] = i + 1 and streams it out on tx.
inline wafer::tungsten::ast::program send_kernel() {
    namespace w = wafer::dsl;
    w::kernel k("send");
    auto N = k.param<w::xp>("N");
    auto tx = k.socket<w::xp>("tx");
    auto data = k.array<w::xp>("data", w::dim("n", N));
    w::iterator i("i");
    k(w::in(i, 0, N)[data[i] = i + 1]);
    k(w::in(i, 0, N)[tx <- data[i]]);
    return k.program();
}

/// Streams rx * 3 + 1 from rx to tx.
inline wafer::tungsten::ast::program compute_kernel() {
    namespace w = wafer::dsl;
    w::kernel k("compute");
    auto N = k.param<w::xp>("N");
    auto rx = k.socket<w::xp>("rx");
    auto tx = k.socket<w::xp>("tx");
    w::iterator i("i");
    k(w::in(i, 0, N)[tx <- rx * 3 + 1]);
    return k.program();
}

/// Streams rx into out.
inline wafer::tungsten::ast::program recv_kernel() {
    namespace w = wafer::dsl;
    w::kernel k("recv");
    auto N = k.param<w::xp>("N");
    auto rx = k.socket<w::xp>("rx");
    auto out = k.array<w::xp>("out", w::dim("n", N));
    w::iterator i("i");
    k(w::in(i, 0, N)[out[i] <- rx]);
    return k.program();
}

}  // namespace pipeline
