#pragma once
// heat2d.w in C++: the same kernel, built with the DSL statement for statement. The parser builds
// the same AST from heat2d.w, positions aside (tests/tungsten/dsl_text.cpp), and heat2d.paint runs
// with either to the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace heat2d {

namespace w = wafer::dsl;

/// One point of the nine-point heat equation: sends u on tx, adds what the neighbours that exist
/// sent on rx0 .. rx7, and takes the next value.
struct heat2d {
    static constexpr w::signature signature{
        "heat2d",
        w::param<w::xp>("N"),            // time steps
        w::param<w::xp>("west"),         // 1 where the point has a neighbour on that side
        w::param<w::xp>("east"),
        w::param<w::xp>("north"),
        w::param<w::xp>("south"),
        w::socket<w::sp>("tx"),
        // The neighbours to the SW, E, W, N, NE, NW, S and SE, the order lifecode() binds them.
        w::socket<w::sp>("rx0"),
        w::socket<w::sp>("rx1"),
        w::socket<w::sp>("rx2"),
        w::socket<w::sp>("rx3"),
        w::socket<w::sp>("rx4"),
        w::socket<w::sp>("rx5"),
        w::socket<w::sp>("rx6"),
        w::socket<w::sp>("rx7")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program heat2d::program() {
    w::kernel k(signature);
    auto [N, west, east, north, south, tx, rx0, rx1, rx2, rx3, rx4, rx5, rx6, rx7] = signature.ports();
    auto u = k.var<w::sp>("u");  // miset loads the first time step

    w::block step;
    step(tx <- u);
    auto sides = step.var<w::sp>("sides", 0.0);
    auto corners = step.var<w::sp>("corners", 0.0);
    step(w::if_(south && west)[corners = corners + rx0],  //
         w::if_(east)[sides = sides + rx1],               //
         w::if_(west)[sides = sides + rx2],               //
         w::if_(north)[sides = sides + rx3],              //
         w::if_(north && east)[corners = corners + rx4],  //
         w::if_(north && west)[corners = corners + rx5],  //
         w::if_(south)[sides = sides + rx6],              //
         w::if_(south && east)[corners = corners + rx7],  //
         u = u + 0.03 * (4.0 * sides + corners - 20.0 * u));
    w::iterator t("t");
    k(w::in(t, 0, N)[step]);
    return k.program();
}

}  // namespace heat2d
