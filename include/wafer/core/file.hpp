#pragma once
// Reading a whole file, with the one error every layer reports when it cannot.
#include <fstream>
#include <iterator>
#include <string>

#include "wafer/core/diagnostic.hpp"

namespace wafer {

/// The bytes of `path`; throws wafer::error "<path>: error: cannot open the <what>".
inline std::string read_file(const std::string& path, const std::string& what = "file") {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw error(diagnostic{severity::error, path, {}, "cannot open the " + what, ""});
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace wafer
