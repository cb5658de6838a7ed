#pragma once
// The pipeline's three kernels in C++: the twins of send.w, compute.w and recv.w in this
// directory. Each is a type whose signature a layout binds by (code<send>(...) in pipeline.hpp)
// and whose program() is the AST the parser builds for its file (positions aside), in a constant
// expression too where wafer is header-only (WAFER_CONSTEXPR; the tests also compile these with
// separate compilation, where an AST is no literal type):
//
//   send.w                      compute.w                          recv.w
//   xp param N;                 xp param N;                        xp param N;
//   xp socket tx;               xp socket rx;                      xp socket rx;
//   xp data[n=N];               xp socket tx;                      xp out[n=N];
//   i in [0, N) data[i] = i + 1;  i in [0, N) tx <- rx * 3 + 1;    i in [0, N) out[i] <- rx;
//   i in [0, N) tx <- data[i];
#include <wafer/tungsten/dsl.hpp>

namespace pipeline {

namespace w = wafer::dsl;

/// Fills data[i] = i + 1 and streams it out on tx.
struct send {
    static constexpr w::signature signature{"send", w::param<w::xp>("N"), w::socket<w::xp>("tx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, tx] = signature.ports();
        auto data = k.array<w::xp>("data", w::dim("n", N));
        w::iterator i("i");
        k(w::in(i, 0, N)[data[i] = i + 1]);
        k(w::in(i, 0, N)[tx <- data[i]]);
        return k.program();
    }
};

/// Streams rx * 3 + 1 from rx to tx.
struct compute {
    static constexpr w::signature signature{"compute", w::param<w::xp>("N"), w::socket<w::xp>("rx"),
                                            w::socket<w::xp>("tx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, rx, tx] = signature.ports();
        w::iterator i("i");
        k(w::in(i, 0, N)[tx <- rx * 3 + 1]);
        return k.program();
    }
};

/// Streams rx into out.
struct recv {
    static constexpr w::signature signature{"recv", w::param<w::xp>("N"), w::socket<w::xp>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, rx] = signature.ports();
        auto out = k.array<w::xp>("out", w::dim("n", N));
        w::iterator i("i");
        k(w::in(i, 0, N)[out[i] <- rx]);
        return k.program();
    }
};

}  // namespace pipeline
