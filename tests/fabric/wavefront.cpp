// The wavefront (run_options::wavefront, fabric/detail/band.hpp): a busy fabric runs several cycles strip by
// strip as a wave, which must end exactly as the sweep of one cycle at a time does, on any number
// of threads and processes, with fabrics of many strips whose streams cross strips and bands every
// way, and count the same stats and record the same traces.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "example_layout.hpp"
#include "layout_builders.hpp"
#include "outcome.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/partition.hpp"
#include "wafer/fabric/run_state.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/fabric/trace.hpp"
#include "wafer/fabric/checkpoint.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

/// random_network tiles, `across` by `down`, each w x h: a fabric of many strips.
ir::layout tiled_network(std::mt19937& rng, int across, int down, std::int32_t w, std::int32_t h) {
    std::vector<ir::pe_program> programs;
    std::vector<ir::placed_pe> pes;
    std::vector<ir::router> routers;
    for (int ty = 0; ty < down; ++ty)
        for (int tx = 0; tx < across; ++tx) {
            std::vector<stream> streams;
            const auto tile = random_network(rng, w, h, 12 + int(rng() % 12), streams);
            const auto base = std::uint32_t(programs.size());
            programs.insert(programs.end(), tile.programs.begin(), tile.programs.end());
            for (auto p : tile.pes) {
                p.x += tx * w, p.y += ty * h, p.program += base;
                pes.push_back(p);
            }
            for (auto r : tile.routers) {
                r.x += tx * w, r.y += ty * h;
                routers.push_back(r);
            }
        }
    return make_layout(across * w, down * h, programs, pes, routers);
}

/// The run state as bytes (a checkpoint's).
std::vector<std::uint8_t> state_bytes(const fabric::fabric& f) {
    return fabric::to_bytes(fabric::checkpoint{f.layout(), f.state()});
}

/// The layout's outcome cycle by cycle on one thread, and as waves on 1, 2 and 3 threads: the same,
/// and on one thread the same run state; the number of cycles the one-thread run took in waves.
std::uint64_t same_as_waves(const ir::layout& l) {
    fabric::fabric one(l);
    const auto stepwise = outcome_of(one, one.run({.wavefront = 1}));
    std::uint64_t waved = 0;
    for (const std::size_t threads : {1u, 2u, 3u}) {
        fabric::fabric f(l);
        const auto r = f.run({.threads = threads});
        INFO(threads << " threads; cycle by cycle: " << stepwise.report);
        CHECK(outcome_of(f, r) == stepwise);
        if (threads > 1) continue;
        waved = r.wavefront_cycles;
        CHECK(state_bytes(f) == state_bytes(one));
    }
    return waved;
}

/// The layout spread over processes (played by threads, fabric/in_process.hpp) of `threads` bands
/// each ends as one process does cycle by cycle, every process having run the same cycles in waves
/// (they agree on each wave); how many.
std::uint64_t same_spread_as_one(const ir::layout& l, std::size_t processes, std::size_t threads) {
    fabric::fabric one(l);
    const auto stepwise = outcome_of(one, one.run({.wavefront = 1}));
    auto fabrics = fabrics_of(l, processes);
    const auto ends = run_together(fabrics, [&](std::size_t) { return fabric::run_options{.threads = threads}; });
    INFO(processes << " processes of " << threads << " threads; cycle by cycle: " << stepwise.report);
    for (const auto& e : ends) {
        REQUIRE_FALSE(e.failure);
        CHECK(e.result.cycles == stepwise.cycles);
        CHECK(e.result.wavefront_cycles == ends.front().result.wavefront_cycles);
    }
    CHECK(outcome_of(fabrics.front(), ends.front().result) == stepwise);
    return ends.front().result.wavefront_cycles;
}

/// What counted and traced runs are compared on: a tiled random network, a deadlocking one (from
/// the random generator seeded with `seed`), and the heat stencil.
std::vector<ir::layout> observed_layouts(std::uint32_t seed) {
    std::mt19937 rng(seed);
    auto deadlocked = tiled_network(rng, 7, 5, 12, 8);
    starve_a_reader(deadlocked);
    return {tiled_network(rng, 8, 6, 12, 8), deadlocked,
            example("heat2d/heat2d.paint", {"life"}, {{"W", 39}, {"H", 30}, {"N", 3}})};
}

}  // namespace

TEST_CASE("random networks of many strips end the same run as waves as cycle by cycle, on 1, 2 and 3 threads") {
    std::mt19937 rng(20261205);
    std::uint64_t waved = 0;
    std::size_t most = 0;
    for (int round = 0; round < 12; ++round) {
        // Tiles of 12 x 8 cells: tall fabrics, whose bands' borders fall between rows, and wide
        // ones, whose rows of up to 312 routers put a router's neighbour above a strip or two away.
        const bool wide = round % 2 == 1;
        const auto layout = wide ? tiled_network(rng, 20 + round % 7, 2 + round % 3, 12, 8)
                                 : tiled_network(rng, 6 + round % 7, 5 + round % 4, 12, 8);
        INFO("round " << round << ": " << layout.width << " x " << layout.height << ", " << layout.pes.size()
                      << " PEs");
        most = std::max(most, layout.pes.size());
        waved += same_as_waves(layout);
    }
    CHECK(most > 8 * fabric::strip_pes);  // a band of many strips, whose inner ones run ahead
    CHECK(waved > 100);                   // the waves ran
}

TEST_CASE("a deadlocked tiled network reports the same deadlock run as waves") {
    std::mt19937 rng(5);
    auto layout = tiled_network(rng, 8, 6, 12, 8);
    starve_a_reader(layout);
    fabric::fabric f(layout);
    CHECK(f.run().status == fabric::run_status::deadlock);
    same_as_waves(layout);
}

TEST_CASE("the heat stencil runs as waves and ends as cycle by cycle") {
    const auto layout = example("heat2d/heat2d.paint", {"life"}, {{"W", 39}, {"H", 30}, {"N", 3}});
    CHECK(same_as_waves(layout) > 0);
}

TEST_CASE("a wave stops short of the cycle limit, a stop and a checkpoint") {
    const auto layout = example("heat2d/heat2d.paint", {"life"}, {{"W", 30}, {"H", 21}, {"N", 2}});
    fabric::fabric whole(layout);
    const auto full = whole.run();
    REQUIRE(full.wavefront_cycles > 0);
    for (const std::uint64_t at : {full.cycles / 3, full.cycles / 2 + 7}) {
        INFO("at " << at);
        CHECK(run_on(layout, {}, {.max_cycles = at}) == run_on(layout, {}, {.max_cycles = at, .wavefront = 1}));
        fabric::fabric a(layout), b(layout);
        const auto ra = a.run({.stop = at}), rb = b.run({.wavefront = 1, .stop = at});
        CHECK(ra.status == fabric::run_status::stopped);
        CHECK(outcome_of(a, ra) == outcome_of(b, rb));
        std::vector<std::uint64_t> saved;
        fabric::fabric c(layout);
        const auto save = [&](std::uint64_t cycle) { saved.push_back(cycle); };
        const auto rc = c.run({.checkpoint_every = at, .checkpoint = save});
        CHECK(outcome_of(c, rc) == outcome_of(whole, full));
        for (std::size_t k = 0; k < saved.size(); ++k) CHECK(saved[k] == (k + 1) * at);
    }
}

TEST_CASE("runs spread over processes agree on their waves and end as one process cycle by cycle") {
    std::mt19937 rng(202612052);
    std::uint64_t waved = 0;
    for (int round = 0; round < 6; ++round) {
        auto layout = tiled_network(rng, 6 + round % 5, 5 + round % 4, 12, 8);
        if (round % 3 == 2) starve_a_reader(layout);
        INFO("round " << round << ": " << layout.pes.size() << " PEs");
        waved += same_spread_as_one(layout, 2 + std::size_t(round % 2), 1 + std::size_t(round / 3));
    }
    CHECK(waved > 100);
    const auto heat = example("heat2d/heat2d.paint", {"life"}, {{"W", 39}, {"H", 30}, {"N", 3}});
    CHECK(same_spread_as_one(heat, 2, 1) > 0);
    CHECK(same_spread_as_one(heat, 3, 2) > 0);
}

TEST_CASE("stats counted in waves are those counted cycle by cycle, on threads and on processes") {
    for (const auto& l : observed_layouts(7)) {
        INFO(l.pes.size() << " PEs");
        fabric::run_stats stepwise;
        fabric::fabric one(l);
        const auto expected = outcome_of(one, one.run({.wavefront = 1, .stats = &stepwise}));
        for (const std::size_t threads : {1u, 2u}) {
            fabric::run_stats counted;
            fabric::fabric f(l);
            const auto r = f.run({.threads = threads, .stats = &counted});
            CHECK(r.wavefront_cycles > 0);
            CHECK(outcome_of(f, r) == expected);
            CHECK(counted == stepwise);
        }
        auto fabrics = fabrics_of(l, 2);
        std::vector<fabric::run_stats> counted(2);
        const auto ends = run_together(fabrics, [&](std::size_t k) { return fabric::run_options{.stats = &counted[k]}; });
        REQUIRE_FALSE(ends.front().failure);
        CHECK(ends.front().result.wavefront_cycles > 0);
        CHECK(outcome_of(fabrics.front(), ends.front().result) == expected);
        CHECK(counted.front() == stepwise);
    }
}

TEST_CASE("traces recorded in waves are those recorded cycle by cycle, whole, cut and filtered, on threads and on processes") {
    for (const auto& l : observed_layouts(11)) {
        fabric::fabric one(l);
        fabric::trace whole;
        const auto expected = outcome_of(one, one.run({.wavefront = 1, .trace = &whole}));
        REQUIRE(whole.events.size() > 1000);
        fabric::trace_options cut, filtered;
        cut.max_events = whole.events.size() / 3;
        filtered.x_first = 5, filtered.x_end = 40, filtered.y_first = 3, filtered.y_end = 17;
        filtered.from = whole.events.back().cycle / 4, filtered.to = whole.events.back().cycle / 2;
        for (const auto& o : {fabric::trace_options{}, cut, filtered}) {
            INFO(l.pes.size() << " PEs, max_events " << o.max_events << ", from cycle " << o.from);
            fabric::fabric s(l);
            fabric::trace stepwise{o};
            s.run({.wavefront = 1, .trace = &stepwise});
            CHECK(stepwise.events.size() > 100);
            const auto same = [&](const fabric::trace& t) {
                CHECK(t.events == stepwise.events);
                CHECK(t.complete_to == stepwise.complete_to);
                CHECK(t.truncated == stepwise.truncated);
            };
            for (const std::size_t threads : {1u, 2u, 3u}) {
                fabric::fabric f(l);
                fabric::trace t{o};
                const auto r = f.run({.threads = threads, .trace = &t});
                CHECK(r.wavefront_cycles > 0);
                CHECK(outcome_of(f, r) == expected);
                same(t);
            }
            auto fabrics = fabrics_of(l, 2);
            std::vector<fabric::trace> traces(2, fabric::trace{o});
            const auto ends = run_together(fabrics, [&](std::size_t k) { return fabric::run_options{.trace = &traces[k]}; });
            REQUIRE_FALSE(ends.front().failure);
            CHECK(ends.front().result.wavefront_cycles > 0);
            CHECK(outcome_of(fabrics.front(), ends.front().result) == expected);
            same(traces.front());
        }
    }
}
