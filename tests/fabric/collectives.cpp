// The fabric's latencies, through the programs of bench/collectives: a point-to-point stream, a
// one-dimensional broadcast, a chain reduce and a star reduce along a row, timed against Luczynski
// et al.'s model ("Near-Optimal Wafer-Scale Reduce", HPDC 2024) with each processor's ramp
// latency T_R (docs/fidelity.md): a hop costs one cycle and a dependent step 2 T_R + 1; and an
// allreduce over the whole fabric against Rocki et al.'s measurement. The formulas are stated here
// as the sources state them, apart from the interpreter's table.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/parse/load.hpp"

using namespace wafer;

namespace {

/// The cycles program bench/collectives/NAME.paint runs, with `variables`, on processor `arch`,
/// from the cycle its operations begin: every PE issues its one operation at cycle 0, and the
/// issue takes the processor's issue_cycles.
std::uint64_t collective_cycles(const std::string& name, const std::vector<ir::param_value>& variables, hw::arch arch) {
    diagnostics diags;
    parse::paint_file_options options;
    options.build.arch = arch;
    options.kernels.arch = arch;
    const auto layout =
        parse::build_paint_file(std::string(WAFER_SOURCE_DIR) + "/bench/collectives/" + name + ".paint", {}, variables, diags, options);
    for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == severity::note, d.message);
    fabric::fabric f(layout);
    const auto r = f.run();
    REQUIRE_MESSAGE(r.status == fabric::run_status::halted, fabric::report(r));
    return r.cycles - hw::timing_of(arch).issue_cycles;
}

std::int64_t ramp(hw::arch a) { return hw::timing_of(a).ramp_cycles; }

/// Runs NAME.paint on every processor with its variables `p_name` and `b_name` over `ps` and `bs`,
/// and checks its cycles with check(arch, p, b, cycles).
template <class F>
void sweep(const std::string& name, const std::string& p_name, std::initializer_list<std::int64_t> ps, const std::string& b_name,
           std::initializer_list<std::int64_t> bs, F&& check) {
    for (const auto a : {hw::arch::sdr, hw::arch::wse2, hw::arch::wse3})
        for (const std::int64_t p : ps)
            for (const std::int64_t b : bs) {
                CAPTURE(hw::name_of(a));
                CAPTURE(p);
                CAPTURE(b);
                check(a, p, b, std::int64_t(collective_cycles(name, {{p_name, p}, {b_name, b}}, a)));
            }
}

}  // namespace

TEST_CASE("point to point: the first of N values is read h + 2 T_R + 1 cycles after it is sent, then one a cycle") {
    // Luczynski et al.: a hop is one cycle; a dependent step (down the ramp, the operation's cycle,
    // up the ramp) 2 T_R + 1. The receiver's read of the last value ends a cycle after it lands.
    sweep("p2p", "H", {1, 2, 7, 30}, "N", {1, 2, 64}, [](hw::arch a, std::int64_t h, std::int64_t n, std::int64_t cycles) {
        const std::int64_t first_read = h + 2 * ramp(a) + 1;
        CHECK(cycles == first_read + (n - 1) + 1);
    });
}

TEST_CASE("one-dimensional broadcast of B values to P PEs: B + P + 2 T_R cycles") {
    sweep("broadcast", "P", {4, 8, 16, 64}, "N", {1, 16, 256},
          [](hw::arch a, std::int64_t p, std::int64_t b, std::int64_t cycles) { CHECK(cycles == b + p + 2 * ramp(a)); });
}

TEST_CASE("chain reduce of B values over P PEs: B + (2 T_R + 2)(P - 1) cycles") {
    sweep("chain", "P", {4, 8, 16, 64}, "B", {1, 16, 256},
          [](hw::arch a, std::int64_t p, std::int64_t b, std::int64_t cycles) { CHECK(cycles == b + (2 * ramp(a) + 2) * (p - 1)); });
}

TEST_CASE("star reduce of B values over P PEs: B (P - 1) + 2 T_R + 1 cycles, and the hop to the root") {
    // The formula as the sources quote it has one cycle less than its parts add up to (the chain's
    // per-step 2 T_R + 2 is a hop and a dependent step): the root reads its first value after a
    // hop and a dependent step, then one a cycle. Within 5 % once B (P - 1) >= 20.
    sweep("star", "P", {4, 8, 16, 64}, "B", {1, 16, 256}, [](hw::arch a, std::int64_t p, std::int64_t b, std::int64_t cycles) {
        const std::int64_t formula = b * (p - 1) + 2 * ramp(a) + 1;
        CHECK(cycles == formula + 1);
        if (b * (p - 1) >= 20) CHECK(std::abs(cycles - formula) * 20 <= formula);
    });
}

TEST_CASE("allreduce over the whole fabric: one cycle a hop, within 10 % of the diameter on 600 x 595 PEs") {
    // Rocki et al. (SC20): an allreduce of one value per PE in about 10 % more cycles than the
    // fabric's diameter. allreduce.paint adds along the rows and the center column in the routers'
    // fabric adders, then broadcasts from the center: each hop of the way in and out is one cycle,
    // and a few dependent steps (2 T_R + 1 each) and the kernels' scalar code are the rest.
    auto allreduce = [](std::int64_t w, std::int64_t h, hw::arch a) {
        CAPTURE(hw::name_of(a));
        CAPTURE(w);
        CAPTURE(h);
        diagnostics diags;
        parse::paint_file_options options;
        options.build.arch = options.kernels.arch = a;
        options.build.float16_dtype = 10;
        const auto layout = parse::build_paint_file(std::string(WAFER_SOURCE_DIR) + "/bench/collectives/allreduce.paint", {},
                                                    {{"W", w}, {"H", h}}, diags, options);
        for (const auto& d : diags.list()) CHECK_MESSAGE(d.level == severity::note, d.message);
        fabric::fabric f(layout);
        const auto r = f.run();
        REQUIRE_MESSAGE(r.status == fabric::run_status::halted, fabric::report(r));
        // Every PE holds the sum of every PE's value, 1.
        std::int64_t right = 0;
        for (std::size_t pe = 0; pe < layout.pes.size(); ++pe)
            for (const auto& sym : layout.programs[layout.pes[pe].program].symbols)
                if (sym.name == "total") {
                    const auto m = f.memory(pe);
                    right += std::bit_cast<float>(std::uint32_t(m[sym.base]) | std::uint32_t(m[sym.base + 1]) << 16) == float(w * h);
                }
        CHECK(right == w * h);
        return std::int64_t(r.cycles);
    };
    // What a run takes beyond the diameter is the same, within a few cycles (which of the parallel
    // paths is the longest), whatever the size: every hop costs one cycle.
    auto beyond = [&](std::int64_t w, std::int64_t h, hw::arch a) { return allreduce(w, h, a) - (w - 1) - (h - 1); };
    for (const auto a : {hw::arch::sdr, hw::arch::wse2, hw::arch::wse3}) {
        const std::int64_t small = beyond(9, 9, a);
        CHECK(std::abs(beyond(41, 31, a) - small) <= 3);
        CHECK(std::abs(beyond(31, 41, a) - small) <= 3);
    }
    const std::int64_t w = 600, h = 595, diameter = (w - 1) + (h - 1);
    const std::int64_t extra = beyond(w, h, hw::arch::wse2);
    CHECK(extra > 0);
    CHECK(extra * 10 <= diameter);
}

TEST_CASE("stats: a receiver that waits for its first value counts 2 T_R of its stall as the ramp's") {
    for (const auto a : {hw::arch::sdr, hw::arch::wse2, hw::arch::wse3}) {
        CAPTURE(hw::name_of(a));
        diagnostics diags;
        parse::paint_file_options options;
        options.build.arch = options.kernels.arch = a;
        fabric::fabric f(parse::build_paint_file(std::string(WAFER_SOURCE_DIR) + "/bench/collectives/p2p.paint", {},
                                                 {{"H", 3}, {"N", 8}}, diags, options));
        fabric::run_stats stats;
        fabric::run_options run;
        run.stats = &stats;
        REQUIRE(f.run(run).status == fabric::run_status::halted);
        std::int64_t stalled = 0, ramps = 0;
        for (const auto& o : stats.ops) stalled += std::int64_t(o.stalled), ramps += std::int64_t(o.ramp);
        CHECK(ramps == 2 * ramp(a));
        CHECK(stalled >= 3 + 2 * ramp(a));  // the hops and the ramps, at least
    }
}
