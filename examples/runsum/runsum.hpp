#pragma once
// runsum.paint in C++: first, K links whose routers add with the fabric adder, and last, in a row.
// N and K are template arguments, as set=N=... set=K=... are on the command line; the fabric adder
// needs build_options::float16_dtype = 10, as `wafer paint` needs float16_dtype=10.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace runsum {

template <int N, int K>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [s] = p.colors<1>();
    auto head = tile() | code<first>({{"sum", s}, {"N", N}}) | paint(s, "C>R") | name("first");
    auto link = tile() | code<addend>({{"sum", s}, {"N", N}}) | paint(s, "L>R; fabadder") | name("link");
    link = hstackrep(std::move(link), K);
    auto tail = tile() | code<last>({{"sum", s}, {"N", N}}) | paint(s, "L>C") | name("last");
    return hstack(head, link, tail);
});
static_assert(wafer::paint::verify(layout<4, 3>));

/// The layout, ready for the fabric.
template <int N, int K>
wafer::ir::layout build(wafer::diagnostics& diags) {
    wafer::paint::build_options options;
    options.float16_dtype = 10;
    return wafer::paint::build(layout<N, K>, wafer::dsl::kernels<first, addend, last>(diags), diags, options);
}

}  // namespace runsum
