#pragma once
// The Paint text front end's narrow interface. The grammar (Boost.Spirit X3) is defined in
// paint_def.hpp; include that in exactly one translation unit of your program.
#include <string>

#include "wafer/paint/ast.hpp"

namespace wafer::parse {

/// Parses a `.paint` file. Throws wafer::error with `file:line:col` diagnostics on a syntax error.
paint::ast::program parse_paint(std::string text, std::string file);

}  // namespace wafer::parse
