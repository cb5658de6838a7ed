#pragma once
// minimal.paint in C++: one PE running the add kernel, N a template argument.
#include <wafer/paint/paint.hpp>
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"

namespace add {

template <int N>
constexpr auto layout = wafer::paint::freeze([] {
    using namespace wafer::paint;
    return tile() | code<add>({{"N", N}});
});
static_assert(wafer::paint::verify(layout<4>));

/// The layout, ready for the fabric.
template <int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<N>, wafer::dsl::kernels<add>(diags), diags);
}

}  // namespace add
