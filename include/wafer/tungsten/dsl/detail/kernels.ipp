#pragma once
// A C++ kernel lowered for a layout's code() (kernels.hpp): inline in header-only use, compiled once
// with the rest of wafer/src.hpp otherwise.
#include "wafer/tungsten/dsl/kernels.hpp"

namespace wafer::tungsten::dsl::detail {

WAFER_DECL ir::pe_program lower_requested(const ast::program* p, const paint::kernel_request& r, diagnostics& diags) {
    if (!p) throw error(no_such_kernel(r));
    return lower(*p, r.params, diags, code_options());
}

}  // namespace wafer::tungsten::dsl::detail
