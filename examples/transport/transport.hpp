#pragma once
// transport.paint in C++: terminals on a and b, c's alias for b's, and a transport between them
// that paint's router draws when the layout is built. The kernels are the pipeline's send and recv
// (../pipeline/kernels.hpp); the tests check it builds the IR transport.paint builds.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "../pipeline/kernels.hpp"

namespace transport {

template <int N>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [txact, rxact] = p.colors<2>();
    auto a = tile(0, 0) | code<pipeline::send>({{"tx", txact}, {"N", N}}) | paint(txact, "C>R");
    a = terminal(std::move(a), "tx", terminal_spec{"act", side::right, {1, 1}, {1, 1}, 1}, txact);
    a = name(std::move(a), "a");
    auto b = tile(5, 0) | code<pipeline::recv>({{"rx", rxact}, {"N", N}}) | paint(rxact, ">C");
    b = terminal(std::move(b), "rx", terminal_spec{"act", side::center, {1, 1}, {1, 1}, 1}, rxact);
    b = name(std::move(b), "b");
    auto c = union_(rect(5, 0, 2, 1), b);  // c : union(b)
    c = alias(std::move(c), "rx", "b.rx");
    c = name(std::move(c), "c");
    return union_(a, c, wafer::paint::transport("a.tx", "c.rx", "arc"));
});
static_assert(wafer::paint::verify(layout<4>));

/// The layout, ready for the fabric.
template <int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<N>, wafer::dsl::kernels<pipeline::send, pipeline::recv>(diags), diags);
}

}  // namespace transport
