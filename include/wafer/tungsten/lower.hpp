#pragma once
// Check a Tungsten program and lower it to a PE program: the one checker and lowering for both
// front ends (the X3 parser and the C++ DSL build the same AST).
//
// Statements lower in source order, blocks inline where they stand: to DSD operations where a
// statement has their shape, else to scalar code in basic blocks (if/else, loops, conditions). An error
// abandons its declaration or statement and checking goes on, so one run reports every
// independent error; a name whose declaration failed is skipped silently where it is used. In a
// constant expression (a kernel frozen by the compiler), where nothing can be thrown, the first
// error stops the lowering instead, and lower() returns an empty program beside it.
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/core/diagnostic.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/options.hpp"

namespace wafer::tungsten {

/// Checks `prog` with the given param settings (`set=N=16`) and options, lowers it, and returns the PE
/// program.
/// Warnings go to `diags`; on any error, throws wafer::error carrying everything gathered.
WAFER_CONSTEXPR WAFER_DECL ir::pe_program lower(const ast::program& prog, const std::vector<ir::param_value>& settings,
                                                diagnostics& diags, const lower_options& options = {});

}  // namespace wafer::tungsten

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/tungsten/detail/lower.ipp"
#endif
