#pragma once
// gemv.w in C++: the same kernel, built with the DSL statement for statement. gemv.paint runs with
// either to the same memory and cycles (tests/examples/cxx_forms.cpp).
#include <wafer/tungsten/dsl.hpp>

namespace gemv {

namespace w = wafer::dsl;

/// One PE of the k × k grid: takes x's block from the top row (or sends it down, on the top row),
/// multiplies its block of A by it, adds the partial sum from the west and sends it east, or on
/// the east column keeps y's block.
struct gemv {
    static constexpr w::signature signature{"gemv",
                                            w::param<w::xp>("B"),       // the block size
                                            w::param<w::xp>("top"),     // geovars: the top row holds x's block
                                            w::param<w::xp>("west"),    // a partial sum comes in from the west
                                            w::param<w::xp>("east"),    // the sum goes on east
                                            w::socket<w::sp>("xdown"),  // x's block, down the column
                                            w::socket<w::sp>("sums")};  // the partial sums (a colorpair)
    static WAFER_CONSTEXPR wafer::tungsten::ast::program program() {
        w::kernel k(signature);
        auto [B, top, west, east, xdown, sums] = signature.ports();
        auto A = k.array<w::sp>("A", w::dim("i", B), w::dim("j", B));  // this PE's block of A
        auto x = k.array<w::sp>("x", w::dim("n", B));                   // x's block for this column
        auto p = k.array<w::sp>("p", w::dim("n", B));                   // this block's share of y
        auto y = k.array<w::sp>("y", w::dim("n", B));                   // on the east column: y's block
        w::iterator i("i"), j("j");

        k(w::if_(top)[w::in(i, 0, B)[xdown <- x[i]]].else_[w::in(i, 0, B)[x[i] <- xdown]]);

        k(w::in(i, 0, B)[p[i] = w::sum(j, 0, B)[A[i][j] * x[j]]]);

        k(w::if_(east)[w::block()(w::if_(west)[w::in(i, 0, B)[sums <- sums + p[i]]]  //
                                      .else_[w::in(i, 0, B)[sums <- p[i]]])]
              .else_[w::block()(w::if_(west)[w::in(i, 0, B)[y[i] <- sums + p[i]]]  //
                                    .else_[w::in(i, 0, B)[y[i] = p[i]]])]);
        return k.program();
    }
};

}  // namespace gemv
