#pragma once
// Check a Tungsten program and lower it to a PE program (the one checker and lowering for
// both front ends). [interface: implemented by the lowering work]
#include <vector>

#include "wafer/core/diagnostic.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"

namespace wafer::tungsten {

/// Checks `prog` with the given param settings (`set=N=16`), lowers it, and returns the PE program.
/// Warnings go to `diags`; on any error, throws wafer::error carrying everything gathered.
ir::pe_program lower(const ast::program& prog, const std::vector<ir::param_value>& settings, diagnostics& diags);

}  // namespace wafer::tungsten
