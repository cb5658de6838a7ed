#pragma once
// deadlock.paint in C++: the pipeline (../pipeline/pipeline.hpp) with a receiver that expects 2N
// values but gets N. It compiles (every binding is right) and deadlocks on the fabric, as the text
// form does.
#include <wafer/tungsten/dsl/kernels.hpp>

#include "kernels.hpp"
#include "pipeline/pipeline.hpp"

namespace deadlock {

template <int N>
constexpr const auto& layout = pipeline::layout<N, recv_more>;
static_assert(wafer::paint::verify(layout<4>));

/// The layout, ready for the fabric.
template <int N>
wafer::ir::layout build(wafer::diagnostics& diags) {
    return wafer::paint::build(layout<N>, wafer::dsl::kernels<pipeline::send, pipeline::compute, recv_more>(diags),
                               diags);
}

}  // namespace deadlock
