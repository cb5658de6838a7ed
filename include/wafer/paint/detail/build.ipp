#pragma once
// build(): defined in build.hpp's translation units (header-only), or once in the library that
// compiles wafer/src.hpp (WAFER_SEPARATE_COMPILATION, docs/embedding.md).
#include "wafer/paint/build.hpp"
#include "wafer/paint/detail/build_layout.hpp"

namespace wafer::paint {

WAFER_DECL ir::layout build(const region& layout, const kernel_provider& provider, diagnostics& out,
                            const build_options& options) {
    auto l = detail::build_layout(layout, provider, out, options);
    out.check();
    return l;
}

WAFER_DECL ir::layout detail::build_frozen(const unsigned char* bytes, std::size_t size, const kernel_provider& provider,
                                           diagnostics& out, const build_options& options) {
    return build(decode(bytes, size), provider, out, options);
}

}  // namespace wafer::paint
