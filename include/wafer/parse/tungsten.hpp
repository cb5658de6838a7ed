#pragma once
// The Tungsten text front end's narrow interface. The grammar (Boost.Spirit X3) is defined in
// tungsten_def.hpp; include that in exactly one translation unit of your program.
#include <string>

#include "wafer/tungsten/ast.hpp"

namespace wafer::parse {

/// Parses a `.w` file. Throws wafer::error with `file:line:col` diagnostics on a syntax error.
/// The program's name is the file's stem.
tungsten::ast::program parse_tungsten(std::string text, std::string file);

}  // namespace wafer::parse
