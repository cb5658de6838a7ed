#pragma once
// filter.paint in C++: the sender and a row of K filters whose maxpass link() has milink set from
// what ./ramp writes. N, K, FIRST and STEP are template arguments, as set=... are on the command
// line; wafer::paint::link_notes() gives the notes `wafer paint note=` writes.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "../pipeline/kernels.hpp"
#include "kernels.hpp"

namespace filter {

template <int N, int K, int FIRST, int STEP>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [c] = p.colors<1>();
    auto a = tile() | code<pipeline::send>({{"tx", c}, {"N", N}}) | paint(c, "C>R") | name("a");
    auto filters = rect(1, 0, K, 1, "x", "y") | code<filter>({{"rx", c}, {"N", N}});
    filters = link(std::move(filters), "maxpass", "x", "./ramp", {{"first", FIRST}, {"step", STEP}, {"n", K}});
    filters = name(std::move(filters), "filters");
    auto passing = rect(1, 0, K - 1, 1) | paint(c, "L>RC");  // every filter but the last passes on
    auto edge = rect(K, 0, 1, 1) | paint(c, "L>C");
    return union_(a, filters, passing, edge);
});
static_assert(wafer::paint::verify(layout<8, 4, 1, 3>));

/// The layout, ready for the fabric.
template <int N, int K, int FIRST, int STEP>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<N, K, FIRST, STEP>, wafer::dsl::kernels<pipeline::send, filter>(diags), diags);
}

}  // namespace filter
