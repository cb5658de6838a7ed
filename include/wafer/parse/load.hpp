#pragma once
// From files to the IR: read a .w or .paint file, parse it, and run the one checker/lowering or the
// Paint evaluator and builder. The text front end's counterpart of building a kernel or a layout in C++.
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "wafer/core/file.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/detail/report.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer::parse {

namespace detail {

/// The one name of a file, for import cycles; a path that has none (a pipe, /dev/stdin) is its own.
inline std::string canonical_name(const std::string& file) {
    std::error_code ec;
    auto name = std::filesystem::weakly_canonical(file, ec);
    return ec ? file : name.string();
}

/// Packages loaded in all for one kernel: each import splices its own copy, so packages that
/// import each other several times over would otherwise multiply (3 imports a package, 16 deep,
/// is 3^16 copies).
inline constexpr std::size_t max_packages = 4096;

/// Loads the packages `program` imports (`import name;` at top level), each found as name.w beside the
/// importing file or in `libs`, recursively; `loading` holds the files being loaded, for cycles, and
/// `loaded` counts the packages loaded so far.
inline void load_imports(tungsten::ast::program& program, const std::vector<std::string>& libs,
                         std::vector<std::string>& loading, std::size_t& loaded) {
    namespace fs = std::filesystem;
    for (auto& s : program.body) {
        auto* i = std::get_if<tungsten::ast::import_statement>(&s);
        if (!i) continue;
        const auto fail = [&](const std::string& message) {
            throw error(program.source.make(severity::error, i->pos, message));
        };
        std::vector<fs::path> search{fs::path(program.source.name()).parent_path()};
        search.insert(search.end(), libs.begin(), libs.end());
        std::string file;
        for (const auto& dir : search)
            if (fs::is_regular_file(dir / (i->package + ".w"))) {
                file = (dir / (i->package + ".w")).string();
                break;
            }
        if (file.empty()) fail("cannot find package " + i->package + ".w beside the kernel or in the lib paths");
        const auto canonical = canonical_name(file);
        for (const auto& open : loading)
            if (open == canonical) fail("package " + i->package + " imports itself, through " + file);
        if (loading.size() > static_cast<std::size_t>(tungsten::detail::max_import_depth))
            fail("imports nest deeper than " + std::to_string(tungsten::detail::max_import_depth) + " packages");
        if (++loaded > max_packages) fail("more than " + std::to_string(max_packages) + " packages are imported in all");
        auto& package = i->contents.emplace_back(parse_tungsten(read_file(file, "package"), file));
        loading.push_back(canonical);
        load_imports(package, libs, loading, loaded);
        loading.pop_back();
    }
}

}  // namespace detail

/// Parses the kernel at `path` and the packages it imports (found beside it, then in `libs`).
inline tungsten::ast::program load_kernel(const std::string& path, const std::vector<std::string>& libs = {}) {
    auto program = parse_tungsten(read_file(path, "kernel"), path);
    std::vector<std::string> loading{detail::canonical_name(path)};
    std::size_t loaded = 0;
    detail::load_imports(program, libs, loading, loaded);
    return program;
}

inline ir::pe_program compile_kernel_file(const std::string& path, const std::vector<ir::param_value>& settings,
                                          diagnostics& diags, const tungsten::lower_options& options = {},
                                          const std::vector<std::string>& libs = {}) {
    return tungsten::lower(load_kernel(path, libs), settings, diags, options);
}

/// How a Paint file is built, past its lib paths and variables.
struct paint_file_options {
    paint::build_options build;
    tungsten::lower_options kernels;                      ///< how code()'s kernels are compiled
    /// Kernels built in C++ (wafer::dsl), by name: code('name) runs one of these before it looks
    /// for name.w, so a C++ kernel can stand in a text layout.
    std::map<std::string, tungsten::ast::program> programs;
    std::function<void(const std::string&)> show;         ///< show() lines (nowhere when empty)
    std::function<void(const paint::region&)> inspect;    ///< the evaluated region, before it is built (regiondump)
};

/// Builds a Paint layout. Kernels named by code() are found as NAME.w in `libs` (in order, then beside
/// the .paint file); include "x" files likewise. `variables` are the set=NAME=VALUE options.
inline ir::layout build_paint_file(const std::string& path, const std::vector<std::string>& libs,
                                   const std::vector<ir::param_value>& variables, diagnostics& diags,
                                   const paint_file_options& file_options = {}) {
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

    auto program = parse_paint(read_file(path, "layout"), path);

    paint::eval_options options;
    options.variables = variables;
    options.show = file_options.show;
    options.include = [&](const std::string& name, source_position at) {
        auto file = find(name);
        if (file.empty()) throw missing("include \"" + name + "\"", path, at);
        return parse_paint(read_file(file, "include file"), file);
    };
    auto region = paint::evaluate(program, options, diags);
    if (file_options.inspect) file_options.inspect(region);

    // paint::build asks once per distinct (kernel, params), as paint compiles each variant once.
    tungsten::lower_options kernel_options = file_options.kernels;
    kernel_options.settings_are_bindings = true;
    paint::kernel_provider provider = [&](const paint::kernel_request& r) {
        if (auto p = file_options.programs.find(r.kernel); p != file_options.programs.end())
            return tungsten::lower(p->second, r.params, diags, kernel_options);
        auto file = find(r.kernel + ".w");
        if (file.empty()) throw missing("kernel " + r.kernel + ".w", r.file, r.pos);
        return compile_kernel_file(file, r.params, diags, kernel_options, libs);
    };
    auto layout = paint::build(region, provider, diags, file_options.build);
    diags.check();
    return layout;
}

}  // namespace wafer::parse
