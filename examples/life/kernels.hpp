#pragma once
// life.w and drain.w in C++: the same kernels, built with the DSL. The parser builds the same ASTs
// from the files, positions aside (tests/tungsten/dsl_text.cpp), and life.paint runs with either to
// the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace life {

namespace w = wafer::dsl;

/// One cell: sends its state on tx, counts the live neighbours that exist, and takes the next state.
struct life {
    static constexpr w::signature signature{
        "life",
        w::param<w::xp>("N"),            // generations
        w::param<w::xp>("west"),         // 1 where the cell has a neighbour on that side
        w::param<w::xp>("east"),
        w::param<w::xp>("north"),
        w::param<w::xp>("south"),
        w::socket<w::xp>("tx"),
        w::socket<w::xp>("rx0"),
        w::socket<w::xp>("rx1"),
        w::socket<w::xp>("rx2"),
        w::socket<w::xp>("rx3"),
        w::socket<w::xp>("rx4"),
        w::socket<w::xp>("rx5"),
        w::socket<w::xp>("rx6"),
        w::socket<w::xp>("rx7")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program life::program() {
    w::kernel k(signature);
    auto [N, west, east, north, south, tx, rx0, rx1, rx2, rx3, rx4, rx5, rx6, rx7] = signature.ports();
    auto cell = k.var<w::xp>("cell");  // 0 (dead) or 1 (alive): miset loads the first generation

    w::block generation;
    generation(tx <- cell);
    auto n = generation.var<w::xp>("n", 0);
    generation(w::if_(south && west)[n = n + rx0],  //
               w::if_(east)[n = n + rx1],           //
               w::if_(west)[n = n + rx2],           //
               w::if_(north)[n = n + rx3],          //
               w::if_(north && east)[n = n + rx4],  //
               w::if_(north && west)[n = n + rx5],  //
               w::if_(south)[n = n + rx6],          //
               w::if_(south && east)[n = n + rx7],  //
               cell = w::if_else(n == 3 || (cell == 1 && n == 2), 1, 0));
    w::iterator g("g");
    k(w::in(g, 0, N)[generation]);
    return k.program();
}

/// A frame PE: takes whatever arrives on p, q and r, and counts it.
struct drain {
    static constexpr w::signature signature{
        "drain",
        w::socket<w::xp>("p"),
        w::socket<w::xp>("q"),
        w::socket<w::xp>("r")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program drain::program() {
    w::kernel k(signature);
    auto [p, q, r] = signature.ports();
    auto taken = k.var<w::xp>("taken", 0);  // how many wavelets this frame PE took
    for (const auto& socket : {p, q, r}) {
        w::handler on(socket);
        on.argument<w::xp>("v");
        k(on(taken = taken + 1));
    }
    return k.program();
}

}  // namespace life
