#pragma once
// The filter's kernel in C++: the twin of filter.w, statement for statement. The sender is the
// pipeline's send (../pipeline/kernels.hpp).
#include <wafer/tungsten/dsl.hpp>

namespace filter {

namespace w = wafer::dsl;

/// Counts the N values arriving on rx that are at most maxpass, which link() sets per PE.
struct filter {
    static constexpr w::signature signature{"filter", w::param<w::xp>("N"), w::socket<w::xp>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N, rx] = signature.ports();
        auto maxpass = k.var<w::xp>("maxpass");
        auto passed = k.var<w::xp>("passed", 0);
        auto x = k.var<w::xp>("x");
        w::block one;
        one(x <- rx, w::if_(maxpass >= x)[passed = passed + 1]);
        w::iterator i("i");
        k(w::in(i, 0, N)[one]);
        return k.program();
    }
};

}  // namespace filter
