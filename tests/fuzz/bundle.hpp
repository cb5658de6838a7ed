#pragma once
// A program as the run fuzz target and the fast-path test read it: a bundle (docs/reliability.md,
// The corpus):
//
//   //// set N=8            a Paint variable (any number of these lines)
//   //// NAME.paint         the layout, up to the next section line
//   //// KERNEL.w           a kernel code('KERNEL) finds
//
// or, with no section line, one kernel on one PE with N=4.
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz.hpp"
#include "wafer/ir/layout.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/lower.hpp"

namespace wafer::fuzz {

struct bundle {
    std::string paint;                          ///< empty: `kernels` holds one kernel, run alone
    std::map<std::string, std::string> kernels;
    std::vector<ir::param_value> variables;
};

inline std::optional<bundle> sections(const std::string& text) {
    bundle b;
    std::string* into = nullptr;
    bool any = false;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("//// ")) {
            if (into) *into += line + '\n';
            continue;
        }
        any = true;
        const auto name = line.substr(5);
        if (name.starts_with("set ")) {
            const auto eq = name.find('=');
            if (eq == std::string::npos) return std::nullopt;
            std::int64_t v = 0;
            try {
                v = std::stoll(name.substr(eq + 1));
            } catch (const std::exception&) {
                return std::nullopt;
            }
            b.variables.push_back({name.substr(4, eq - 4), v});
            into = nullptr;
        } else if (name.ends_with(".paint")) {
            into = &b.paint;
        } else if (name.ends_with(".w")) {
            into = &b.kernels[name.substr(0, name.size() - 2)];
        } else {
            return std::nullopt;
        }
    }
    if (!any) b.kernels["kernel"] = text;
    return b;
}

/// The bundle's layout; none when it does not build (a wafer::error).
inline std::optional<ir::layout> build(const bundle& b) {
    std::optional<ir::layout> built;
    answered([&] {
        diagnostics ds;
        if (b.paint.empty()) {
            if (b.kernels.size() != 1) return;
            built = ir::single_pe_layout(tungsten::lower(parse::parse_tungsten(b.kernels.begin()->second, "fuzz.w"), {{"N", 4}}, ds));
            return;
        }
        paint::eval_options options;
        options.variables = b.variables;
        const auto region = paint::evaluate(parse::parse_paint(b.paint, "fuzz.paint"), options, ds);
        tungsten::lower_options kernel_options;
        kernel_options.settings_are_bindings = true;
        built = paint::build(region, [&](const paint::kernel_request& r) {
            const auto k = b.kernels.find(r.kernel);
            if (k == b.kernels.end()) throw error(diagnostic{severity::error, r.file, r.pos, "no kernel " + r.kernel, ""});
            return tungsten::lower(parse::parse_tungsten(k->second, r.kernel + ".w"), r.params, ds, kernel_options);
        }, ds);
        ds.check();
    });
    return built;
}

}  // namespace wafer::fuzz
