#pragma once
// The pipeline in C++: the twin of pipeline.paint, checked at compile time (the bindings too), run
// with the C++ kernels of kernels.hpp. Built and run by pipeline.cpp and by the tests, which compare
// it with the text version: same IR, same memory, same cycles.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace pipeline {

/// pipeline.paint with N (set=N=... on the command line) as a template argument, and the receiving
/// kernel as one (../deadlock/deadlock.hpp gives it one that expects too much). Each kernel is bound
/// by its type, so verify() checks the bindings against its signature.
template <int N, class Receiver = recv>
constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [color_ab, color_bc] = p.colors<2>();
    auto a = tile() | code<send>({{"tx", color_ab}, {"N", N}}) | paint(color_ab, "C>R") | name("a");
    auto b = tile() | code<compute>({{"rx", color_ab}, {"tx", color_bc}, {"N", N}}) | paint(color_ab, "L>C") |
             paint(color_bc, "C>R") | name("b");
    auto c = tile() | code<Receiver>({{"rx", color_bc}, {"N", N}}) | paint(color_bc, "L>C") | name("c");
    return hstack(a, b, c);
});
static_assert(wafer::paint::verify(layout<8>));

/// The pipeline's layout, ready for the fabric.
template <int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<N>, wafer::dsl::kernels<send, compute, recv>(diags), diags);
}

}  // namespace pipeline
