#pragma once
// life.paint in C++: Conway's Game of Life on the board of board.hpp, the life kernel in each cell.
// W and H (multiples of 3) and N (generations) are template arguments, as set=W=... is on the
// command line; the tests check it builds the IR life.paint builds.
#include <wafer/tungsten/dsl/kernels.hpp>

#include "board.hpp"

namespace life {

template <int W, int H, int N>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) { return board<life>(p, W, H, N); });
static_assert(wafer::paint::verify(layout<6, 6, 4>));

/// The layout, ready for the fabric.
template <int W, int H, int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<W, H, N>, wafer::dsl::kernels<life, drain>(diags), diags);
}

}  // namespace life
