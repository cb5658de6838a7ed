#pragma once
// The running sum's three kernels in C++: the twins of first.w, addend.w and last.w, statement for
// statement. runsum.paint runs with either to the same memory and cycles
// (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace runsum {

namespace w = wafer::dsl;

/// Sends 1, 2, ..., N as f32 on sum.
struct first {
    static constexpr w::signature signature{"first", w::param<w::xp>("N"), w::socket<w::sp>("sum")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, sum] = signature.ports();
        auto x = k.array<w::sp>("x", w::dim("n", N));
        w::iterator i("i");
        k(w::in(i, 0, N)[x[i] = i + 1]);
        k(w::in(i, 0, N)[sum <- x[i]]);
        return k.program();
    }
};

/// Sends its N hp values on sum, for its router's fabric adder.
struct addend {
    static constexpr w::signature signature{"addend", w::param<w::xp>("N"), w::socket<w::hp>("sum")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, sum] = signature.ports();
        auto h = k.array<w::hp>("h", w::dim("n", N));  // miset loads them
        w::iterator i("i");
        k(w::in(i, 0, N)[sum <- h[i]]);
        return k.program();
    }
};

/// Keeps the N sums that arrive on sum.
struct last {
    static constexpr w::signature signature{"last", w::param<w::xp>("N"), w::socket<w::sp>("sum")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, sum] = signature.ports();
        auto total = k.array<w::sp>("total", w::dim("n", N));
        w::iterator i("i");
        k(w::in(i, 0, N)[total[i] <- sum]);
        return k.program();
    }
};

}  // namespace runsum
