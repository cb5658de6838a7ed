// Run statistics (fabric/stats.hpp): every cycle of a PE is busy, blocked or idle; wavelets in and
// out match what the layout sends; the same for any number of threads, and the same as the trace
// of the run says.
#include "wafer/fabric/stats.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "example_layout.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/trace.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

constexpr std::int32_t n = 8;

struct counted {
    fabric::run_result result;
    fabric::run_stats stats;
    fabric::trace trace;
};

counted count(const ir::layout& l, std::size_t threads = 1, const std::function<void(fabric::fabric&)>& load = {}) {
    fabric::fabric f(l);
    if (load) load(f);
    counted c;
    c.result = f.run({.threads = threads, .trace = &c.trace, .stats = &c.stats});
    return c;
}

}  // namespace

TEST_CASE("the pipeline's stats: each PE's cycles add up, n wavelets leave a and b and land in b and c, one link per color") {
    const auto l = example("pipeline/pipeline.paint", {"pipeline"}, {{"N", n}});
    const auto c = count(l);
    REQUIRE(c.result.status == fabric::run_status::halted);
    REQUIRE(c.stats.pes.size() == 3);
    for (const auto& p : c.stats.pes) CHECK(p.busy + p.blocked + p.idle == c.result.cycles);
    const auto a = *ir::pe_index(l, 0, 0), b = *ir::pe_index(l, 1, 0), r = *ir::pe_index(l, 2, 0);
    CHECK(c.stats.pes[a].out == std::uint64_t(n));
    CHECK(c.stats.pes[a].in == 0);
    CHECK(c.stats.pes[b].in == std::uint64_t(n));
    CHECK(c.stats.pes[b].out == std::uint64_t(n));
    CHECK(c.stats.pes[r].in == std::uint64_t(n));
    CHECK(c.stats.pes[r].out == 0);
    CHECK(c.stats.pes[b].blocked > 0);  // it waits for a's first wavelet
    REQUIRE(c.stats.colors.size() == 2);
    for (const auto& color : c.stats.colors) {
        CHECK(color.hops == std::uint64_t(n));
        CHECK(color.busiest.wavelets == std::uint64_t(n));
        CHECK(color.busiest.port == std::uint8_t(hw::port::right));
        CHECK(color.busiest.y == 0);
    }
    CHECK(c.stats.colors[0].busiest.x != c.stats.colors[1].busiest.x);
}

TEST_CASE("stats are the same on 1, 2 and 3 threads and agree with the trace's stalls and landings") {
    const auto life = example("life/life.paint", {}, {{"W", 12}, {"H", 9}, {"N", 3}});
    const auto deadlock = example("deadlock/deadlock.paint", {"pipeline", "deadlock"}, {{"N", n}});
    for (const auto* l : {&life, &deadlock}) {
        const auto load = l == &life ? random_life(life, 9) : std::function<void(fabric::fabric&)>{};
        const auto one = count(*l, 1, load);
        for (std::size_t threads : {2, 3}) CHECK(count(*l, threads, load).stats == one.stats);
        // From the trace: cycles between each stall and the resume after it (or the run's end), and landings.
        std::map<std::uint32_t, std::uint64_t> stalled_at, blocked, landed;
        for (const auto& e : one.trace.events) {
            if (e.what == fabric::trace_event::kind::stall) stalled_at[e.pe] = e.cycle;
            if (e.what == fabric::trace_event::kind::resume) {
                blocked[e.pe] += e.cycle - stalled_at[e.pe];
                stalled_at.erase(e.pe);
            }
            if (e.what == fabric::trace_event::kind::landing) ++landed[e.pe];
        }
        for (const auto& [pe, at] : stalled_at) blocked[pe] += one.result.cycles - at;
        std::uint64_t any_blocked = 0;
        for (std::uint32_t pe = 0; pe < one.stats.pes.size(); ++pe) {
            INFO("PE " << pe);
            CHECK(one.stats.pes[pe].blocked == blocked[pe]);
            CHECK(one.stats.pes[pe].in == landed[pe]);
            CHECK(one.stats.pes[pe].busy + one.stats.pes[pe].blocked + one.stats.pes[pe].idle == one.result.cycles);
            any_blocked += one.stats.pes[pe].blocked;
        }
        CHECK(any_blocked > 0);
    }
}
