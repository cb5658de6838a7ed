#pragma once
// heat2d.paint in C++: the nine-point heat equation on the Game of Life's board (../life/board.hpp),
// the heat2d kernel in each cell. W and H (multiples of 3) and N (time steps) are template
// arguments; the tests check it builds the IR heat2d.paint builds.
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"
#include "life/board.hpp"

namespace heat2d {

template <int W, int H, int N>
constexpr auto layout =
    wafer::paint::freeze([](wafer::paint::palette& p) { return life::board<heat2d>(p, W, H, N); });
static_assert(wafer::paint::verify(layout<6, 6, 3>));

/// The layout, ready for the fabric.
template <int W, int H, int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<W, H, N>, wafer::dsl::kernels<heat2d, life::drain>(diags), diags);
}

}  // namespace heat2d
