#pragma once
// PLACEHOLDER until the X3 grammar lands.
#include "wafer/parse/paint.hpp"
namespace wafer::parse {
paint::ast::program parse_paint(std::string text, std::string file) {
    throw error(diagnostic{severity::error, file, {}, "paint parser not implemented yet", ""});
}
}  // namespace wafer::parse
