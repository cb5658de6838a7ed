#pragma once
// stencil25.paint in C++: the W × H grid of stencil25 PEs, one color for each direction of travel
// with its switch positions column by column (row by row), and the geovars px, py, ue, uw, us and
// un set after code() on the columns and rows they cover. W, H, nz and N are template arguments,
// as set=W=... and the others are on the command line; the tests check it builds the IR
// stencil25.paint builds.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace stencil25 {

template <int W, int H, int nz, int N>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& pal) {
    using namespace wafer::paint;
    static_assert(W % 5 == 0 && H % 5 == 0 && W >= 10 && H >= 10, "W and H are multiples of 5, at least 10");
    auto [e, w, s, n] = pal.colors<4>();
    auto grid = rect(0, 0, W, H) |
                code<stencil25>({{"ge", e}, {"gw", w}, {"gs", s}, {"gn", n}, {"nz", nz}, {"N", N},
                                 {"px", geovar_ref{"px"}}, {"py", geovar_ref{"py"}}, {"ue", geovar_ref{"ue"}},
                                 {"uw", geovar_ref{"uw"}}, {"us", geovar_ref{"us"}}, {"un", geovar_ref{"un"}}}) |
                name("st");
    grid = geovar(geovar(geovar(geovar(std::move(grid), "ue", 4), "uw", 4), "us", 4), "un", 4);
    constexpr int m = W / 5 - 1, l = H / 5 - 1;
    // Columns (rows) start, start + 5, …: count of them.
    const auto cols = [](int start, int count) { return rep(rect(start, 0, 1, H), "i", count, 5, 0); };
    const auto rows = [](int start, int count) { return rep(rect(0, start, W, 1), "j", count, 0, 5); };
    auto routes = union_(
        // Eastward: the first column only sends, the next three send or pass on, the last only takes.
        rect(0, 0, 1, H) | paint(e, "C>R ; pop=all"), rect(1, 0, 3, H) | paint(e, "C>R ; *L>CR ; ring pop=all"),
        cols(5, m) | paint(e, "*C>R ; L>C ; L>CR ; ring pop=all"),
        cols(4, m) | paint(e, "C>R ; *L>C ; L>CR ; ring pop=all"),
        cols(6, m) | paint(e, "C>R ; L>C ; *L>CR ; ring pop=all"),
        cols(7, m) | paint(e, "C>R ; L>C ; *L>CR ; ring pop=all"),
        cols(8, m) | paint(e, "C>R ; L>C ; *L>CR ; ring pop=all"), rect(W - 1, 0, 1, H) | paint(e, "L>C"),
        // Westward, the mirror image.
        rect(W - 1, 0, 1, H) | paint(w, "C>L ; pop=all"), rect(W - 4, 0, 3, H) | paint(w, "C>L ; *R>CL ; ring pop=all"),
        cols(4, m) | paint(w, "*C>L ; R>C ; R>CL ; ring pop=all"),
        cols(5, m) | paint(w, "C>L ; *R>C ; R>CL ; ring pop=all"),
        cols(1, m) | paint(w, "C>L ; R>C ; *R>CL ; ring pop=all"),
        cols(2, m) | paint(w, "C>L ; R>C ; *R>CL ; ring pop=all"),
        cols(3, m) | paint(w, "C>L ; R>C ; *R>CL ; ring pop=all"), rect(0, 0, 1, H) | paint(w, "R>C"),
        // Southward (+y) and northward, the same along the columns.
        rect(0, 0, W, 1) | paint(s, "C>U ; pop=all"), rect(0, 1, W, 3) | paint(s, "C>U ; *D>CU ; ring pop=all"),
        rows(5, l) | paint(s, "*C>U ; D>C ; D>CU ; ring pop=all"),
        rows(4, l) | paint(s, "C>U ; *D>C ; D>CU ; ring pop=all"),
        rows(6, l) | paint(s, "C>U ; D>C ; *D>CU ; ring pop=all"),
        rows(7, l) | paint(s, "C>U ; D>C ; *D>CU ; ring pop=all"),
        rows(8, l) | paint(s, "C>U ; D>C ; *D>CU ; ring pop=all"), rect(0, H - 1, W, 1) | paint(s, "D>C"),
        rect(0, H - 1, W, 1) | paint(n, "C>D ; pop=all"), rect(0, H - 4, W, 3) | paint(n, "C>D ; *U>CD ; ring pop=all"),
        rows(4, l) | paint(n, "*C>D ; U>C ; U>CD ; ring pop=all"),
        rows(5, l) | paint(n, "C>D ; *U>C ; U>CD ; ring pop=all"),
        rows(1, l) | paint(n, "C>D ; U>C ; *U>CD ; ring pop=all"),
        rows(2, l) | paint(n, "C>D ; U>C ; *U>CD ; ring pop=all"),
        rows(3, l) | paint(n, "C>D ; U>C ; *U>CD ; ring pop=all"), rect(0, 0, W, 1) | paint(n, "U>C"));
    // Each PE's column and row mod 5, and how many PEs send to it in each direction.
    auto phases = union_(
        geovar(cols(0, m + 1), "px", 0), geovar(cols(1, m + 1), "px", 1), geovar(cols(2, m + 1), "px", 2),
        geovar(cols(3, m + 1), "px", 3), geovar(cols(4, m + 1), "px", 4),  //
        geovar(rows(0, l + 1), "py", 0), geovar(rows(1, l + 1), "py", 1), geovar(rows(2, l + 1), "py", 2),
        geovar(rows(3, l + 1), "py", 3), geovar(rows(4, l + 1), "py", 4),  //
        geovar(rect(0, 0, 1, H), "ue", 0), geovar(rect(1, 0, 1, H), "ue", 1), geovar(rect(2, 0, 1, H), "ue", 2),
        geovar(rect(3, 0, 1, H), "ue", 3),  //
        geovar(rect(W - 1, 0, 1, H), "uw", 0), geovar(rect(W - 2, 0, 1, H), "uw", 1),
        geovar(rect(W - 3, 0, 1, H), "uw", 2), geovar(rect(W - 4, 0, 1, H), "uw", 3),  //
        geovar(rect(0, 0, W, 1), "us", 0), geovar(rect(0, 1, W, 1), "us", 1), geovar(rect(0, 2, W, 1), "us", 2),
        geovar(rect(0, 3, W, 1), "us", 3),  //
        geovar(rect(0, H - 1, W, 1), "un", 0), geovar(rect(0, H - 2, W, 1), "un", 1),
        geovar(rect(0, H - 3, W, 1), "un", 2), geovar(rect(0, H - 4, W, 1), "un", 3));
    return union_(grid, routes, phases);
});
static_assert(wafer::paint::verify(layout<10, 10, 4, 2>));

/// The layout, ready for the fabric.
template <int W, int H, int nz, int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<W, H, nz, N>, wafer::dsl::kernels<stencil25>(diags), diags);
}

}  // namespace stencil25
