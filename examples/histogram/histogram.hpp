#pragma once
// histogram.paint in C++: a G x G torus of PEs built from routes, each column and each row a ring
// (a colorpair one PE at a time, and a color back along the whole column or row), geovars for each
// PE's column and row. G, M and K are template arguments, as set=G=... is on the command line; the
// tests check it builds the IR histogram.paint builds.
#include <cstdint>
#include <vector>

#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace histogram {

template <int G, int M, int K>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [c, cp, cw, r, rp, rw] = p.colors<6>();
    auto grid = rect(0, 0, G, G) |
                code<histogram>({{"colring", c}, {"colwrap", cw}, {"rowring", r}, {"rowwrap", rw}, {"G", G}, {"M", M},
                                 {"K", K}, {"col", geovar_ref{"col"}}, {"row", geovar_ref{"row"}}}) |
                paint(cp, "CXU|U") | paint(c, "D|DXC") | colorpair(c, cp) |  // up the column
                paint(rp, "CXR|R") | paint(r, "L|LXC") | colorpair(r, rp) |  // east along the row
                name("grid");
    // The wraps: down the column on cw, west along the row on rw.
    auto top = rect(0, G - 1, G, 1) | paint(cw, "C>D");
    auto between = rect(0, 1, G, G - 2) | paint(cw, "U>D");
    auto bottom = rect(0, 0, G, 1) | paint(cw, "U>C");
    auto east = rect(G - 1, 0, 1, G) | paint(rw, "C>L");
    auto middle = rect(1, 0, G - 2, G) | paint(rw, "R>L");
    auto west = rect(0, 0, 1, G) | paint(rw, "R>C");
    // Row k of copies gets @row=k; the same strips turned a quarter clockwise are the columns.
    std::vector<std::int32_t> ks;
    for (int k = 0; k < G; ++k) ks.push_back(k);
    auto strip = rect(0, 0, G, 1);
    auto rows = arrayplace(strip, ks, {{"row", ks}});
    auto cols = rotate(arrayplace(strip, ks, {{"col", ks}}), rotation::r270);
    return union_(grid, top, between, bottom, east, middle, west, rows, cols);
});
static_assert(wafer::paint::verify(layout<4, 4, 4>));

/// The layout, ready for the fabric.
template <int G, int M, int K>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<G, M, K>, wafer::dsl::kernels<histogram>(diags), diags);
}

}  // namespace histogram
