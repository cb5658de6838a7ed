#pragma once
// Evaluating a parsed Paint program (ast.hpp) to the region its last statement builds.
//
// Values: 32-bit integers that wrap, 32-bit floats, strings, arrays and dictionaries (shared, as in
// paint), symbolic colors, route rules, regions, rotations (R0 .. R270), directions (HORIZONTAL,
// VERTICAL), kernel symbols ($a.b) and functions (define; a function's value is its last
// statement's). `/` divides exactly: a whole quotient stays an integer (nx/2 for an even nx), any
// other is a float, which a coordinate or count then rejects; `//` and `%` truncate toward zero, as
// in C.
// The evaluator is detail/evaluator.hpp; the primitives are in detail/primitives/, one header per family.
#include <functional>
#include <string>
#include <vector>

#include "wafer/core/config.hpp"
#include "wafer/core/diagnostic.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/paint/ast.hpp"
#include "wafer/paint/region.hpp"

namespace wafer::paint {

struct eval_options {
    std::vector<ir::param_value> variables;   ///< predefined variables: set=N=8 makes N an integer, set=C=0.5 a float
    /// Loads an included file (`include "path"`): the library search and the parser live outside this layer.
    std::function<ast::program(const std::string& path, source_position at)> include;
    /// Where show() prints; nowhere when empty (the evaluator prints nothing itself).
    std::function<void(const std::string& line)> show;
};

/// The region the program's last statement evaluates to. Errors are added to `out` and thrown.
/// (Defined in detail/evaluate.ipp: a unit that includes the umbrella header without evaluating Paint
/// text need not compile the evaluator.)
WAFER_DECL region evaluate(const ast::program& p, const eval_options& options, diagnostics& out);

}  // namespace wafer::paint

#if !defined(WAFER_SEPARATE_COMPILATION)
#include "wafer/paint/detail/evaluate.ipp"
#endif
