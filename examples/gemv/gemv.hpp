#pragma once
// gemv.paint in C++: the k × k grid of gemv tiles, x's blocks multicast down each column, the
// partial sums east along each row on a colorpair, and the geovars top, west and east set after
// code() on the rows and columns they cover. k and B are template arguments, as set=k=...
// set=B=... are on the command line; the tests check it builds the IR gemv.paint builds.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace gemv {

template <int k, int B>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& pal) {
    using namespace wafer::paint;
    static_assert(k >= 2, "the grid needs a top row above the others and a west column beside the east one");
    auto [xd, s, sx] = pal.colors<3>();  // x down each column; the partial sums and their partner
    auto grid = rect(0, 0, k, k) |
                code<gemv>({{"xdown", xd}, {"sums", s}, {"B", B}, {"top", geovar_ref{"top"}},
                            {"west", geovar_ref{"west"}}, {"east", geovar_ref{"east"}}}) |
                paint(sx, "CXR|R") | paint(s, "L|LXC") | colorpair(s, sx) | name("grid");

    auto toprow = geovar(rect(0, 0, k, 1), "top", 1) | paint(xd, "C>U");
    auto below = geovar(rect(0, 1, k, k - 1), "top", 0) | paint(xd, "D>UC|U");
    auto westcol = geovar(rect(0, 0, 1, k), "west", 0);
    auto notwest = geovar(rect(1, 0, k - 1, k), "west", 1);
    auto eastcol = geovar(rect(k - 1, 0, 1, k), "east", 0);
    auto noteast = geovar(rect(0, 0, k - 1, k), "east", 1);
    return union_(grid, toprow, below, westcol, notwest, eastcol, noteast);
});
static_assert(wafer::paint::verify(layout<3, 2>));

/// The layout, ready for the fabric.
template <int k, int B>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<k, B>, wafer::dsl::kernels<gemv>(diags), diags);
}

}  // namespace gemv
