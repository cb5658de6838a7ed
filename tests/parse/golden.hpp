#pragma once
// Golden files for the parsers' error messages: tests/data/parse/<language>/NAME.<ext> holds an input,
// NAME.expected the exact rendered diagnostics for it ("ok\n" when it parses).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"

namespace golden {

struct golden_case {
    std::string name;  ///< the input's file name, also the name diagnostics carry
    std::string text;
    std::string expected;
};

inline std::string read(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// Every input with extension `ext` under tests/data/parse/<language>, sorted by name.
inline std::vector<golden_case> cases(const std::string& language, const std::string& ext) {
    std::vector<golden_case> out;
    const auto dir = std::filesystem::path(WAFER_TEST_DATA) / "parse" / language;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ext) continue;
        auto expected = entry.path();
        expected.replace_extension(".expected");
        out.push_back({entry.path().filename().string(), read(entry.path()), read(expected)});
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return out;
}

/// What `parse` reports: the rendered diagnostics it throws, or "ok\n".
template <typename Parse>
std::string rendered(Parse parse) {
    try {
        parse();
        return "ok\n";
    } catch (const wafer::error& e) {
        return e.render();
    }
}

}  // namespace golden
