#pragma once
// From files to the IR: read a .w or .paint file, parse it, and run the one checker/lowering or the
// Paint evaluator and builder. The text front end's counterpart of building a kernel or a layout in C++.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer::parse {

/// The whole text of `path`; throws wafer::error when it cannot be read.
inline std::string read_text_file(const std::string& path, source_position at = {}, const std::string& from = {}) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw error(diagnostic{severity::error, from.empty() ? path : from, at, "cannot open " + path, ""});
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline ir::pe_program compile_kernel_file(const std::string& path, const std::vector<ir::param_value>& settings,
                                          diagnostics& diags) {
    auto program = parse_tungsten(read_text_file(path), path);
    return tungsten::lower(program, settings, diags);
}

/// Builds a Paint layout. Kernels named by code() are found as NAME.w in `libs` (in order, then beside
/// the .paint file); include "x" files likewise. `variables` are the set=NAME=VALUE options.
inline ir::layout build_paint_file(const std::string& path, const std::vector<std::string>& libs,
                                   const std::vector<ir::param_value>& variables, diagnostics& diags) {
    namespace fs = std::filesystem;
    std::vector<fs::path> search(libs.begin(), libs.end());
    search.push_back(fs::path(path).parent_path());
    auto find = [&](const std::string& name) -> std::string {
        for (const auto& dir : search) {
            auto candidate = dir / name;
            if (fs::is_regular_file(candidate)) return candidate.string();
        }
        return {};
    };
    auto missing = [&](const std::string& what, const std::string& file, source_position at) {
        std::string where;
        for (const auto& dir : search) where += (where.empty() ? "" : ", ") + (dir.empty() ? "." : dir.string());
        return error(diagnostic{severity::error, file, at, "cannot find " + what + " in the lib paths (" + where + ")", ""});
    };

    auto source = read_text_file(path);
    auto program = parse_paint(source, path);

    paint::eval_options options;
    options.variables = variables;
    options.include = [&](const std::string& name, source_position at) {
        auto file = find(name);
        if (file.empty()) throw missing("include \"" + name + "\"", path, at);
        return parse_paint(read_text_file(file), file);
    };
    auto region = paint::evaluate(program, options, diags);

    // One compilation per distinct (kernel, params), as paint does.
    std::map<std::pair<std::string, std::vector<std::pair<std::string, std::int64_t>>>, ir::pe_program> cache;
    paint::kernel_provider provider = [&](const paint::kernel_request& r) {
        std::vector<std::pair<std::string, std::int64_t>> key;
        for (const auto& p : r.params) key.emplace_back(p.name, p.value);
        auto [it, fresh] = cache.try_emplace({r.kernel, key});
        if (fresh) {
            auto file = find(r.kernel + ".w");
            if (file.empty()) throw missing("kernel " + r.kernel + ".w", r.file, r.pos);
            it->second = compile_kernel_file(file, r.params, diags);
        }
        return it->second;
    };
    auto layout = paint::build(region, provider, diags);
    diags.check();
    return layout;
}

}  // namespace wafer::parse
