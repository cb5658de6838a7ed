// A program run five ways, which must agree bit for bit: one thread with the fast paths (the
// default), one thread without them (run_options::fast_paths), one thread observed (statistics),
// two threads, and cycle by cycle (wavefront=1). The input is a bundle (bundle.hpp). A layout of
// more than fuzz::max_pes PEs is left out; each run stops at fuzz::max_cycles.
#include <string>
#include <vector>

#include "bundle.hpp"
#include "fuzz.hpp"
#include "wafer/fabric/stats.hpp"

namespace {

using namespace wafer;

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

outcome run(const ir::layout& l, std::size_t threads, std::uint64_t wavefront, bool observed, bool fast = true) {
    outcome o;
    try {
        fabric::fabric f(l);
        fabric::run_options options;
        options.max_cycles = fuzz::max_cycles;
        options.threads = threads;
        options.wavefront = wavefront;
        options.fast_paths = fast;
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
    const auto b = fuzz::sections(fuzz::text_of(data, size));
    if (!b) return fuzz::reject;
    const auto layout = fuzz::build(*b);
    if (!layout) return 0;
    if (!fuzz::small_enough(*layout)) return fuzz::reject;
    const auto base = run(*layout, 1, fabric::run_options::max_wavefront, false);
    if (run(*layout, 1, fabric::run_options::max_wavefront, false, false) != base)
        fuzz::finding("a run without the fast paths differs from the run with them");
    if (run(*layout, 1, fabric::run_options::max_wavefront, true) != base)
        fuzz::finding("a run observed differs from the run unobserved");
    if (run(*layout, 2, fabric::run_options::max_wavefront, false) != base)
        fuzz::finding("a run on two threads differs from the run on one");
    if (run(*layout, 1, 1, false) != base) fuzz::finding("a run cycle by cycle differs from the run in waves");
    return 0;
}
