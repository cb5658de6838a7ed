#pragma once
// heateq9pt.w, source.w and sink.w in C++: the same kernels, built with the DSL. The parser builds
// the same ASTs from the files, positions aside (tests/tungsten/dsl_text.cpp), and heateq.paint
// runs with either to the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace heateq {

namespace w = wafer::dsl;

/// Half a column of the grid: takes this step's rows from the left, trades edge rows with the
/// other half of the column, and sends the next step's to the right.
struct heateq9pt {
    static constexpr w::signature signature{
        "heateq9pt",
        w::param<w::xp>("n"),            // rows in this PE's half of the grid
        w::param<w::xp>("p"),            // points per row
        w::param<w::xp>("pad"),          // the frame of zeros around the half grid
        w::param<w::xp>("upper", 0),     // 1 on the upper PE of a column
        w::socket<w::sp>("left"),
        w::socket<w::sp>("right"),
        w::socket<w::sp>("up"),
        w::socket<w::sp>("down")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program heateq9pt::program() {
    w::kernel k(signature);
    auto [n, p, pad, upper, left, right, up, down] = signature.ports();
    auto u = k.array<w::sp>("u", w::dim("row", n + 2 * pad), w::dim("col", p + 2 * pad));
    w::iterator i("i"), j("j");

    k(w::in(i, pad, n + pad)(j, pad, p + pad)[u[i][j] <- left]);
    k(w::if_(upper)[w::block()(w::in(j, pad, p + pad)[u[0][j] <- up],  //
                               w::in(j, pad, p + pad)[down <- u[pad][j]])]
          .else_[w::block()(w::in(j, pad, p + pad)[up <- u[n + pad - 1][j]],  //
                            w::in(j, pad, p + pad)[u[n + 2 * pad - 1][j] <- down])]);
    k(w::in(i, pad, n + pad)(j, pad, p + pad)[  //
        right <- u[i][j] + 0.03 * (4.0 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) +
                                   (u[i - 1][j - 1] + u[i - 1][j + 1] + u[i + 1][j - 1] + u[i + 1][j + 1]) -
                                   20.0 * u[i][j])]);
    return k.program();
}

/// Streams the first step's grid out on tx, row by row.
struct source {
    static constexpr w::signature signature{
        "source",
        w::param<w::xp>("n"),
        w::param<w::xp>("p"),
        w::socket<w::sp>("tx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program source::program() {
    w::kernel k(signature);
    auto [n, p, tx] = signature.ports();
    auto grid = k.array<w::sp>("grid", w::dim("row", n), w::dim("col", p));
    w::iterator i("i"), j("j");
    k(w::in(i, 0, n)(j, 0, p)[tx <- grid[i][j]]);
    return k.program();
}

/// Takes the last step's grid from rx.
struct sink {
    static constexpr w::signature signature{
        "sink",
        w::param<w::xp>("n"),
        w::param<w::xp>("p"),
        w::socket<w::sp>("rx")};
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program();
};

inline WAFER_CONSTEXPR wafer::tungsten::ast::program sink::program() {
    w::kernel k(signature);
    auto [n, p, rx] = signature.ports();
    auto grid = k.array<w::sp>("grid", w::dim("row", n), w::dim("col", p));
    w::iterator i("i"), j("j");
    k(w::in(i, 0, n)(j, 0, p)[grid[i][j] <- rx]);
    return k.program();
}

}  // namespace heateq
