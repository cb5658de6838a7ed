#pragma once
// life.w and drain.w in C++: the same kernels, built with the DSL. The parser builds the same ASTs
// from the files, positions aside (tests/tungsten/dsl_text.cpp), and life.paint runs with either to
// the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace life {

/// One cell: sends its state on tx, counts the live neighbours that exist, and takes the next state.
inline wafer::tungsten::ast::program life_kernel() {
    namespace w = wafer::dsl;
    w::kernel k("life");
    auto N = k.param<w::xp>("N");  // generations
    auto west = k.param<w::xp>("west");  // 1 where the cell has a neighbour on that side
    auto east = k.param<w::xp>("east");
    auto north = k.param<w::xp>("north");
    auto south = k.param<w::xp>("south");

    auto tx = k.socket<w::xp>("tx");
    auto rx0 = k.socket<w::xp>("rx0");
    auto rx1 = k.socket<w::xp>("rx1");
    auto rx2 = k.socket<w::xp>("rx2");
    auto rx3 = k.socket<w::xp>("rx3");
    auto rx4 = k.socket<w::xp>("rx4");
    auto rx5 = k.socket<w::xp>("rx5");
    auto rx6 = k.socket<w::xp>("rx6");
    auto rx7 = k.socket<w::xp>("rx7");

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
inline wafer::tungsten::ast::program drain_kernel() {
    namespace w = wafer::dsl;
    w::kernel k("drain");
    auto p = k.socket<w::xp>("p");
    auto q = k.socket<w::xp>("q");
    auto r = k.socket<w::xp>("r");
    auto taken = k.var<w::xp>("taken", 0);  // how many wavelets this frame PE took
    for (const auto& socket : {p, q, r}) {
        w::handler on(socket);
        on.argument<w::xp>("v");
        k(on(taken = taken + 1));
    }
    return k.program();
}

}  // namespace life
