#pragma once
// build(): a verified region to the fabric layout (ir::layout) that the interpreter runs.
//
//  - programs: one per distinct (kernel, params), requested from the kernel provider in the order
//    their first PE comes in (y, x); a code()'s bindings to numbers are the params it is given
//    (sorted by name), its bindings to colors bind the program's sockets of those names.
//  - placed PEs, sorted by (y, x), named by their code block's name path; routers for every PE
//    with a route, colors sorted by physical number; fabric size max x/y + 1.
//  - symbol map: one entry per kernel symbol per code()'d block, under the block's name path. A
//    rect (wider or taller than one PE, or with named dimensions) gives ONE entry at its origin
//    with fabric dimensions y then x (its names, or "y" and "x"), so miget can read the whole rect,
//    after the block's repeats (rep, hstackrep, stackrep), outermost first;
//    two entries with one name warn as miget does ("has 2 exact map matches; using first entry").
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/ir/layout.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/paint/build_options.hpp"
#include "wafer/paint/freeze.hpp"
#include "wafer/paint/verify.hpp"

namespace wafer::paint {

/// Compiles (or looks up) a kernel: Tungsten text, a C++ kernel, or a test's fake.
using kernel_provider = std::function<ir::pe_program(const kernel_request&)>;

WAFER_DECL ir::layout build(const region& layout, const kernel_provider& provider, diagnostics& out,
                            const build_options& options = {});

namespace detail {
/// build() of the frozen layout in `size` bytes at `bytes`: out of line, so that a translation unit
/// building a frozen layout does not compile its decoding again.
WAFER_DECL ir::layout build_frozen(const unsigned char* bytes, std::size_t size, const kernel_provider& provider,
                                   diagnostics& out, const build_options& options);
}  // namespace detail

template <std::size_t N, frozen_check Check>
ir::layout build(const frozen_layout<N, Check>& f, const kernel_provider& provider, diagnostics& out,
                 const build_options& options = {}) {
    return detail::build_frozen(f.bytes.data(), f.bytes.size(), provider, out, options);
}

}  // namespace wafer::paint

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/paint/detail/build.ipp"
#endif
