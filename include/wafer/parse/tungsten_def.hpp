#pragma once
// PLACEHOLDER until the X3 grammar lands.
#include "wafer/parse/tungsten.hpp"
namespace wafer::parse {
tungsten::ast::program parse_tungsten(std::string text, std::string file) {
    throw error(diagnostic{severity::error, file, {}, "tungsten parser not implemented yet", ""});
}
}  // namespace wafer::parse
