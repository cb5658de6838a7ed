#pragma once
// add.w in C++: the same kernel, built with the DSL. The parser builds the same AST from add.w,
// positions aside (tests/tungsten/dsl_text.cpp), and minimal.paint runs with either to the same
// memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace add {

namespace w = wafer::dsl;

/// Adds b to every element of a.
/// program() is `constexpr` where wafer is header-only (WAFER_CONSTEXPR: the tests also compile it
/// with separate compilation, where an AST is no literal type).
struct add {
    static constexpr w::signature signature{"add", w::param<w::xp>("N")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [N] = signature.ports();
        auto a = k.array<w::xp>("a", w::dim("n", N));  // no initialiser: data loaded via miset
        auto b = k.var<w::xp>("b", 1);
        w::iterator i("i");
        k(w::in(i, 0, N)[a[i] <- a[i] + b]);
        return k.program();
    }
};

}  // namespace add
