#pragma once
// heateq.paint in C++: the nine-point heat equation as the Paint guide reads it, a 2 × 2 block of
// heateq9pt tiles repeated nx/2 times side by side, between a source and a sink. nx (even), n and
// p are template arguments, as set=nx=... is on the command line; the tests check it builds the IR
// heateq.paint builds.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace heateq {

template <int nx, int n, int p>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& pal) {
    using namespace wafer::paint;
    constexpr int pad = 1;
    // c0 eastward into the even columns, c1 into the odd ones; c2 up the column, c3 down it.
    auto [c0, c1, c2, c3] = pal.colors<4>();

    // The guide's tile and its three partners: the odd column swaps c0 and c1, so no color takes
    // input from two sides; the upper row receives on c2 and sends on c3.
    auto x00 = rect(0, 0, 1, 1) |
               code<heateq9pt>({{"left", c0}, {"right", c1}, {"up", c2}, {"down", c3}, {"n", n}, {"p", p}, {"pad", pad}}) |
               paint(c0, "L>C") | paint(c1, "C>R") | paint(c2, "C>U") | paint(c3, "U>C");
    auto x10 = rect(1, 0, 1, 1) |
               code<heateq9pt>({{"left", c1}, {"right", c0}, {"up", c2}, {"down", c3}, {"n", n}, {"p", p}, {"pad", pad}}) |
               paint(c1, "L>C") | paint(c0, "C>R") | paint(c2, "C>U") | paint(c3, "U>C");
    auto x01 = rect(0, 1, 1, 1) |
               code<heateq9pt>({{"left", c0}, {"right", c1}, {"up", c2}, {"down", c3}, {"n", n}, {"p", p}, {"pad", pad},
                                {"upper", 1}}) |
               paint(c0, "L>C") | paint(c1, "C>R") | paint(c2, "D>C") | paint(c3, "C>D");
    auto x11 = rect(1, 1, 1, 1) |
               code<heateq9pt>({{"left", c1}, {"right", c0}, {"up", c2}, {"down", c3}, {"n", n}, {"p", p}, {"pad", pad},
                                {"upper", 1}}) |
               paint(c1, "L>C") | paint(c0, "C>R") | paint(c2, "D>C") | paint(c3, "C>D");
    x00 = name(std::move(x00), "x00");
    x10 = name(std::move(x10), "x10");
    x01 = name(std::move(x01), "x01");
    x11 = name(std::move(x11), "x11");

    auto corerect = union_(x00, x01, x10, x11);              // the 2 × 2 block as one region
    corerect = hstackrep(std::move(corerect), nx / 2);       // repeated nx/2 times side by side
    corerect = name(std::move(corerect), "core");

    auto from = rect(0, 0, 1, 2) | code<source>({{"tx", c0}, {"n", n}, {"p", p}}) | paint(c0, "C>R") | name("source");
    auto to = rect(0, 0, 1, 2) | code<sink>({{"rx", c0}, {"n", n}, {"p", p}}) | paint(c0, "L>C") | name("sink");
    return hstack(from, corerect, to);
});
static_assert(wafer::paint::verify(layout<4, 2, 4>));

/// The layout, ready for the fabric.
template <int nx, int n, int p>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<nx, n, p>, wafer::dsl::kernels<heateq9pt, source, sink>(diags), diags);
}

}  // namespace heateq
