#pragma once
// The scatter's two kernels in C++: the twins of scatter.w and part.w, statement for statement.
// The broadcast needs none of its own: it runs the pipeline's send and recv (../pipeline).
#include <wafer/tungsten/dsl.hpp>

namespace broadcast {

namespace w = wafer::dsl;

/// Sends K parts of N values on tx, each ended by a control wavelet that advances a switch and
/// names the receiver's control task 12.
struct scatter {
    static constexpr w::signature signature{"scatter", w::param<w::xp>("N"), w::param<w::xp>("K"),
                                            w::socket<w::xp>("tx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, K, tx] = signature.ports();
        auto data = k.array<w::xp>("data", w::dim("n", N * K));
        auto advance = k.var<w::xp>("advance", 1);
        w::iterator i("i"), part("k");
        k(w::in(i, 0, N * K)[data[i] = i + 1]);
        w::block send;
        send(w::in(i, 0, N)[tx <- data[part * N + i]], w::dsd(w::control, w::index(12))[tx <- advance + 0]);
        k(w::in(part, 0, K)[send]);
        return k.program();
    }
};

/// Keeps the N values of its part; the control wavelet after them runs `complete`.
struct part {
    static constexpr w::signature signature{"part", w::param<w::xp>("N"), w::socket<w::xp>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, rx] = signature.ports();
        auto out = k.array<w::xp>("out", w::dim("n", N));
        auto done = k.var<w::xp>("done", 0);
        w::control_task complete("complete", rx, 12);
        complete(done = 1);
        k(complete);
        w::iterator i("i");
        k(w::in(i, 0, N)[out[i] <- rx]);
        return k.program();
    }
};

}  // namespace broadcast
