// A program run four ways, which must agree bit for bit: one thread with the fast paths (the
// default), one thread observed (statistics switch the fast paths off), two threads, and cycle by
// cycle (wavefront=1). The input is a bundle (docs/reliability.md, The corpus):
//
//   //// set N=8            a Paint variable (any number of these lines)
//   //// NAME.paint         the layout, up to the next section line
//   //// KERNEL.w           a kernel code('KERNEL) finds
//
// or, with no section line, one kernel on one PE with N=4. A layout of more than fuzz::max_pes PEs
// is left out; each run stops at fuzz::max_cycles.
#include <map>
#include <optional>
#include <sstream>

#include "fuzz.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/paint/build.hpp"
#include "wafer/paint/evaluate.hpp"
#include "wafer/parse/paint.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/lower.hpp"

namespace {

using namespace wafer;

struct bundle {
    std::string paint;                          ///< empty: `kernels` holds one kernel, run alone
    std::map<std::string, std::string> kernels;
    std::vector<ir::param_value> variables;
};

std::optional<bundle> sections(const std::string& text) {
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

std::optional<ir::layout> build(const bundle& b) {
    std::optional<ir::layout> built;
    fuzz::answered([&] {
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

/// What a run gives, all of it compared.
struct outcome {
    std::string error;  ///< a wafer::error's text, when the run threw one
    fabric::run_status status{};
    std::uint64_t cycles = 0;
    std::vector<std::string> diagnostics;
    std::vector<std::vector<word>> memory;
    std::vector<std::uint64_t> pe_cycles;
    friend bool operator==(const outcome&, const outcome&) = default;
};

outcome run(const ir::layout& l, std::size_t threads, std::uint64_t wavefront, bool observed) {
    outcome o;
    try {
        fabric::fabric f(l);
        fabric::run_options options;
        options.max_cycles = fuzz::max_cycles;
        options.threads = threads;
        options.wavefront = wavefront;
        fabric::run_stats stats;
        if (observed) options.stats = &stats;
        const auto r = f.run(options);
        o.status = r.status;
        o.cycles = r.cycles;
        for (const auto& d : r.diagnostics) o.diagnostics.push_back(render(d));
        for (std::size_t pe = 0; pe < l.pes.size(); ++pe) {
            const auto m = f.memory(pe);
            o.memory.emplace_back(m.begin(), m.end());
            o.pe_cycles.push_back(f.pe_cycles(pe));
        }
    } catch (const wafer::error& e) {
        o.error = e.render();
    } catch (const std::exception& e) {
        fuzz::finding(std::string("a run threw an exception that is not a wafer::error: ") + e.what());
    }
    return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto b = sections(fuzz::text_of(data, size));
    if (!b) return fuzz::reject;
    const auto layout = build(*b);
    if (!layout) return 0;
    if (!fuzz::small_enough(*layout)) return fuzz::reject;
    const auto base = run(*layout, 1, fabric::run_options::max_wavefront, false);
    if (run(*layout, 1, fabric::run_options::max_wavefront, true) != base)
        fuzz::finding("a run observed (the fast paths off) differs from the run with them");
    if (run(*layout, 2, fabric::run_options::max_wavefront, false) != base)
        fuzz::finding("a run on two threads differs from the run on one");
    if (run(*layout, 1, 1, false) != base) fuzz::finding("a run cycle by cycle differs from the run in waves");
    return 0;
}
