#pragma once
// histogram.w in C++: the same kernel, built with the DSL statement for statement (`lo + K > v` is
// written so in both, since C++ reads `<-` as `<` and `-`, so the DSL has no `<`). histogram.paint
// runs with either to the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace histogram {

namespace w = wafer::dsl;

/// One PE of a G x G torus: sends its M values once around its column's ring, keeps those of its
/// row, sends what it kept once around its row's ring, and counts the values of its K bins.
struct histogram {
    static constexpr w::signature signature{"histogram",
                                            w::param<w::xp>("G"),         // the torus is G x G PEs
                                            w::param<w::xp>("M"),         // values a PE holds
                                            w::param<w::xp>("K"),         // bins a PE owns
                                            w::param<w::xp>("col"),       // geovars: this PE's column and row
                                            w::param<w::xp>("row"),
                                            w::socket<w::xp>("colring"),  // up the column
                                            w::socket<w::xp>("colwrap"),  // the top PE down to the bottom one
                                            w::socket<w::xp>("rowring"),  // east along the row
                                            w::socket<w::xp>("rowwrap")}; // the east PE back to the west one
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program histogram::program() {
    w::kernel k(signature);
    auto [G, M, K, col, row, colring, colwrap, rowring, rowwrap] = signature.ports();
    auto vals = k.array<w::xp>("vals", w::dim("n", M));  // miset loads them, each in [0, G * G * K)
    auto colvals = k.array<w::xp>("colvals", w::dim("s", G), w::dim("n", M));
    auto rowvals = k.array<w::xp>("rowvals", w::dim("t", G), w::dim("s", G), w::dim("n", M));
    auto count = k.array<w::xp>("count", w::dim("k", K));
    auto kept = k.var<w::xp>("kept", 0);
    auto lo = k.var<w::xp>("lo", (row * G + col) * K);
    w::iterator i("i"), s("s"), t("t"), b("k");

    k(w::in(i, 0, M)[colvals[0][i] = vals[i]]);

    // Phase 1: G - 1 steps around the column's ring, one value sent and one received at a time.
    // Every PE but the top one sends up the column, every PE but the bottom one receives from below:
    // conditions of params, decided when the kernel compiles.
    w::block up;
    up(w::if_(G - 1 > row)[colring <- colvals[s - 1][i]].else_[colwrap <- colvals[s - 1][i]],
       w::if_(row > 0)[colvals[s][i] <- colring].else_[colvals[s][i] <- colwrap]);
    k(w::in(s, 1, G)(i, 0, M)[up]);

    // Keep the values of this row; -1 (a hole) keeps every block the same length.
    w::block keep, filter;
    keep(rowvals[0][s][i] = colvals[s][i], kept = kept + 1);
    filter(w::if_(colvals[s][i] / (G * K) == row)[keep].else_[rowvals[0][s][i] = -1]);
    k(w::in(s, 0, G)(i, 0, M)[filter]);

    // Phase 2: G - 1 steps around the row's ring, the kept blocks with their holes.
    w::block east;
    east(w::if_(G - 1 > col)[rowring <- rowvals[t - 1][s][i]].else_[rowwrap <- rowvals[t - 1][s][i]],
         w::if_(col > 0)[rowvals[t][s][i] <- rowring].else_[rowvals[t][s][i] <- rowwrap]);
    k(w::in(t, 1, G)(s, 0, G)(i, 0, M)[east]);

    // Count what is this PE's: every value kept for this row has passed by once.
    k(w::in(b, 0, K)[count[b] = 0]);
    w::block tally;
    auto v = tally.var<w::xp>("v", rowvals[t][s][i]);
    tally(w::if_(v >= lo && lo + K > v)[count[v - lo] = count[v - lo] + 1]);
    k(w::in(t, 0, G)(s, 0, G)(i, 0, M)[tally]);
    return k.program();
}

}  // namespace histogram
