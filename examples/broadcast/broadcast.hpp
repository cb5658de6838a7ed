#pragma once
// broadcast.paint and scatter.paint in C++: a sender and a row of receivers on one color, first
// multicast to every receiver ([L>RC]), then scattered part by part through switch positions.
// N and K are template arguments, as set=N=... set=K=... are on the command line.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "../pipeline/kernels.hpp"
#include "kernels.hpp"

namespace broadcast {

template <int N, int K>
constexpr auto row = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [c] = p.colors<1>();
    auto a = tile() | code<pipeline::send>({{"tx", c}, {"N", N}}) | paint(c, "C>R") | name("a");
    auto r = tile() | code<pipeline::recv>({{"rx", c}, {"N", N}}) | paint(c, "L>RC") | name("r");
    r = hstackrep(std::move(r), K);
    auto last = tile() | code<pipeline::recv>({{"rx", c}, {"N", N}}) | paint(c, "L>C") | name("last");
    return hstack(a, r, last);
});
static_assert(wafer::paint::verify(row<4, 3>));

template <int N, int K>
constexpr auto scattered = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [c] = p.colors<1>();
    auto a = tile() | code<scatter>({{"tx", c}, {"N", N}, {"K", K}}) | paint(c, "C>R") | name("a");
    auto r = tile() | code<part>({{"rx", c}, {"N", N}}) | paint(c, "L>C ; L>R") | name("r");
    r = hstackrep(std::move(r), K - 1);
    auto last = tile() | code<part>({{"rx", c}, {"N", N}}) | paint(c, "L>C") | name("last");
    return hstack(a, r, last);
});
static_assert(wafer::paint::verify(scattered<4, 4>));

/// The broadcast, ready for the fabric.
template <int N, int K>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(row<N, K>, wafer::dsl::kernels<pipeline::send, pipeline::recv>(diags), diags);
}

/// The scatter, ready for the fabric.
template <int N, int K>
wafer::ir::layout build_scatter(wafer::diagnostics& diags) {
    return wafer::paint::build(scattered<N, K>, wafer::dsl::kernels<scatter, part>(diags), diags);
}

}  // namespace broadcast
