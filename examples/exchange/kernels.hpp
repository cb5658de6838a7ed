#pragma once
// exchange.w in C++: the same kernel, built with the DSL statement for statement (both write
// `W - 1 > col` for `col < W - 1`: C++ reads `<-` as `<` and `-`, so the DSL has no `<`). exchange.paint runs with either to the
// same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace exchange {

namespace w = wafer::dsl;

/// Sends 10 * col + row to each neighbour it has, on a (right), b (left), c (up) and d (down), and
/// keeps what each neighbour sends.
struct exchange {
    static constexpr w::signature signature{"exchange",          w::param<w::xp>("W"),   w::param<w::xp>("H"),
                                            w::param<w::xp>("col"), w::param<w::xp>("row"), w::socket<w::xp>("a"),
                                            w::socket<w::xp>("b"),  w::socket<w::xp>("c"),  w::socket<w::xp>("d")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [W, H, col, row, a, b, c, d] = signature.ports();
        auto me = k.var<w::xp>("me", 10 * col + row);
        auto fromwest = k.var<w::xp>("fromwest", -1);
        auto fromeast = k.var<w::xp>("fromeast", -1);
        auto fromsouth = k.var<w::xp>("fromsouth", -1);
        auto fromnorth = k.var<w::xp>("fromnorth", -1);
        k(w::if_(W - 1 > col)[a <- me]);
        k(w::if_(col > 0)[b <- me]);
        k(w::if_(H - 1 > row)[c <- me]);
        k(w::if_(row > 0)[d <- me]);
        k(w::if_(col > 0)[fromwest <- a]);
        k(w::if_(W - 1 > col)[fromeast <- b]);
        k(w::if_(row > 0)[fromsouth <- c]);
        k(w::if_(H - 1 > row)[fromnorth <- d]);
        return k.program();
    }
};

}  // namespace exchange
