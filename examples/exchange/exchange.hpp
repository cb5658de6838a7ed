#pragma once
// exchange.paint in C++: four colorpairs carry each PE's value to its four neighbours on a W x H
// grid, with the | terms that keep the edges from sending off it, and geovars for each PE's column
// and row. The tests check it builds the IR exchange.paint builds.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace exchange {

template <int W, int H>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [a, ap, b, bp, c, cp, d, dp] = p.colors<8>();
    auto grid = rect(0, 0, W, H) |
                code<exchange>({{"a", a}, {"b", b}, {"c", c}, {"d", d}, {"W", W}, {"H", H},
                                {"col", geovar_ref{"col"}}, {"row", geovar_ref{"row"}}}) |
                paint(ap, "CXR|R") | paint(a, "L|LXC") | colorpair(a, ap) |  // right
                paint(bp, "CXL|L") | paint(b, "R|RXC") | colorpair(b, bp) |  // left
                paint(cp, "CXU|U") | paint(c, "D|DXC") | colorpair(c, cp) |  // up
                paint(dp, "CXD|D") | paint(d, "U|UXC") | colorpair(d, dp) |  // down
                name("grid");
    region all = std::move(grid);
    for (int x = 0; x < W; ++x) all = union_(std::move(all), geovar(rect(x, 0, 1, H), "col", x));
    for (int y = 0; y < H; ++y) all = union_(std::move(all), geovar(rect(0, y, W, 1), "row", y));
    return all;
});
static_assert(wafer::paint::verify(layout<3, 3>));

/// The layout, ready for the fabric.
template <int W, int H>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<W, H>, wafer::dsl::kernels<exchange>(diags), diags);
}

}  // namespace exchange
