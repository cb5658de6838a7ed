#pragma once
// scan.paint in C++: a column of P PEs with message passing on banks 0 and 1, each PE given its row
// by arrayplace's geovar. P is a template argument, as set=P=... is on the command line.
#include <cstdint>
#include <vector>

#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace scan {

template <int P>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto up = p.bank(0);
    auto down = p.bank(1);
    auto column = rect(0, 0, 1, P) |
                  code<scan>({{"up", p.color(up)}, {"down", p.color(down)}, {"Y", geovar_ref{"y"}}, {"P", P}}) |
                  mp(up) | mp(down) | name("scan");
    std::vector<std::int32_t> rows;  // not rows(P): clang 14 cannot fill a new vector in a constant expression
    for (std::int32_t y = 0; y < P; ++y) rows.push_back(y);
    return union_(column, arrayplace(tile(), rows, {{"y", rows}}));
});
static_assert(wafer::paint::verify(layout<8>));

/// The layout, ready for the fabric.
template <int P>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<P>, wafer::dsl::kernels<scan>(diags), diags);
}

}  // namespace scan
