// Threads and processes: a fabric cut into bands, run on several threads, or spread over several
// processes (played by threads, fabric/in_process.hpp) of one or more threads each, gives the same
// memory, cycles and reports as one thread, for random networks whose streams cross the bands'
// borders every way, for the examples, and for runs that deadlock, fault or reach the cycle limit.
#include "wafer/fabric/partition.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "example_layout.hpp"
#include "layout_builders.hpp"
#include "outcome.hpp"
#include "wafer/fabric/fabric.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

/// The ways a run is spread that must all end as one thread does: threads, processes, both.
const std::vector<spread> spreads{{1, 2}, {1, 3}, {1, 5}, {2, 1}, {3, 1}, {2, 2}, {3, 2}};

std::string text(spread s) {
    return std::to_string(s.processes) + " processes of " + std::to_string(s.threads) + " threads";
}

/// The layout's outcome on one thread, and the same spread every other way.
void same_spread(const ir::layout& l, std::uint64_t max_cycles = 100'000'000, const std::function<void(fabric::fabric&)>& load = {}) {
    const auto one = run_on(l, {}, {.max_cycles = max_cycles}, load);
    for (const auto s : spreads) {
        INFO(text(s) << "; on one: " << one.report);
        CHECK(run_on(l, s, {.max_cycles = max_cycles}, load) == one);
    }
}

}  // namespace

TEST_CASE("random networks end the same on 1, 2, 3 and 5 threads and on 2 and 3 processes, halted or deadlocked") {
    std::mt19937 rng(20261202);
    int networks = 0, deadlocks = 0;
    for (int round = 0; round < 150; ++round) {
        std::vector<stream> streams;
        // Wide and tall enough that the bands' borders fall inside rows and between them.
        const std::int32_t w = 3 + std::int32_t(rng() % 10), h = 2 + std::int32_t(rng() % 6);
        auto layout = random_network(rng, w, h, 2 + int(rng() % 10), streams);
        if (streams.empty()) continue;
        const bool starve = round % 4 == 0;
        if (starve) starve_a_reader(layout);
        INFO("round " << round);
        const auto one = run_on(layout, {});
        CHECK(one.status == (starve ? fabric::run_status::deadlock : fabric::run_status::halted));
        deadlocks += one.status == fabric::run_status::deadlock;
        ++networks;
        for (const auto s : spreads) {
            INFO(text(s) << "; on one: " << one.report);
            CHECK(run_on(layout, s) == one);
        }
    }
    CHECK(networks > 100);
    CHECK(deadlocks > 20);
}

TEST_CASE("a run cut by the cycle limit stops at the same state on any number of threads and processes") {
    std::mt19937 rng(7);
    std::vector<stream> streams;
    const auto layout = random_network(rng, 10, 6, 10, streams);
    REQUIRE(streams.size() > 3);
    const auto full = run_on(layout, {});
    for (const std::uint64_t limit : {full.cycles / 3, full.cycles / 2}) {
        CHECK(run_on(layout, {}, {.max_cycles = limit}).status == fabric::run_status::cycle_limit);
        same_spread(layout, limit);
    }
}

TEST_CASE("faults in two bands in one cycle are reported the same on any number of threads and processes") {
    // Twelve PEs in a row; the 3rd and the 10th write past the end of memory at the same cycle: in
    // the first and last of 2 and 3 processes.
    std::vector<ir::pe_program> programs{
        program("ok", {op(opcode::mov, data_type::i16, {4}, mem(0), {imm(1)})}, 4),
        program("bad", {op(opcode::mov, data_type::i16, {4}, mem(hw::memory_words - 2), {imm(1)})}, 4)};
    std::vector<ir::placed_pe> pes;
    for (std::int32_t x = 0; x < 12; ++x) pes.push_back(place(x, 0, x == 2 || x == 9 ? 1 : 0, "p" + std::to_string(x)));
    const auto layout = make_layout(12, 1, programs, pes, {});
    const auto one = run_on(layout, {});
    REQUIRE(one.status == fabric::run_status::fault);
    std::size_t faults = 0;
    for (auto at = one.report.find("error: "); at != std::string::npos; at = one.report.find("error: ", at + 1)) ++faults;
    CHECK(faults == 2);
    same_spread(layout);
}

TEST_CASE("the examples end the same on 1, 2, 3 and 5 threads and on 2 and 3 processes") {
    SUBCASE("pipeline") { same_spread(example("pipeline/pipeline.paint", {"pipeline"}, {{"N", 8}})); }
    SUBCASE("deadlock") { same_spread(example("deadlock/deadlock.paint", {"pipeline", "deadlock"}, {{"N", 8}})); }
    SUBCASE("heat equation") { same_spread(example("heateq/heateq.paint", {}, {{"nx", 6}, {"n", 4}, {"p", 5}})); }
    SUBCASE("heat2d") { same_spread(example("heat2d/heat2d.paint", {"life"}, {{"W", 9}, {"H", 6}, {"N", 2}})); }
    SUBCASE("life, from a random start") {
        const auto layout = example("life/life.paint", {}, {{"W", 12}, {"H", 9}, {"N", 4}});
        same_spread(layout, 100'000'000, random_life(layout, 3));
    }
}

TEST_CASE("a fabric runs again on another number of threads with the same result") {
    std::mt19937 rng(11);
    std::vector<stream> streams;
    const auto layout = random_network(rng, 9, 5, 8, streams);
    fabric::fabric f(layout);
    const auto first = f.run({.threads = 3});
    const auto second = f.run({.threads = 1});
    const auto third = f.run({.threads = 2});
    CHECK(first.threads == 3);
    CHECK(second.cycles == first.cycles);
    CHECK(third.cycles == first.cycles);
    CHECK(fabric::report(third) == fabric::report(first));
}
