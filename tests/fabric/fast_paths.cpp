// The fast paths (run_options::fast_paths: a plain route's move compiled for its position's shape,
// a PE's stream planned from its queues, a stream riding its router) are specializations of the
// general code, so a run ends bit for bit the same without them: memory, cycles, every PE's cycles
// and the report, on one thread and on two; and a run that is observed (which takes the general
// code) records the same trace and statistics either way and ends as the unobserved run. Checked on
// every program of the run corpus (switches, teardown, control wavelets, FIFOs, asynchronous
// operations, the fabric adder, message passing, transports), every kernel of the Tungsten corpus
// on its own PE, and random networks of relaying, computing and tapping PEs whose streams back up.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "../fuzz/bundle.hpp"
#include "layout_builders.hpp"
#include "outcome.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/fabric/trace.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

/// Long enough for every program of the corpus that ends, short enough for the ones that spin.
constexpr std::uint64_t cycle_limit = 200'000;

/// What an observed run records.
struct observed {
    run_outcome outcome;
    fabric::run_stats stats;
    std::vector<fabric::trace_event> events;
};

observed observe(const ir::layout& l, bool fast) {
    fabric::fabric f(l);
    observed o;
    fabric::trace t;
    const auto r = f.run({.max_cycles = cycle_limit, .trace = &t, .stats = &o.stats, .fast_paths = fast});
    o.outcome = outcome_of(f, r);
    o.events = std::move(t.events);
    return o;
}

/// Runs `l` with the fast paths and without, on 1 and 2 threads, unobserved and observed.
void same_without_fast_paths(const ir::layout& l) {
    const auto fast = run_on(l, {}, {.max_cycles = cycle_limit});
    CHECK(run_on(l, {}, {.max_cycles = cycle_limit, .fast_paths = false}) == fast);
    CHECK(run_on(l, {1, 2}, {.max_cycles = cycle_limit, .fast_paths = false}) == fast);
    CHECK(run_on(l, {1, 2}, {.max_cycles = cycle_limit}) == fast);
    const auto watched = observe(l, true);
    const auto general = observe(l, false);
    CHECK(watched.outcome == fast);
    CHECK(general.outcome == fast);
    CHECK(watched.stats == general.stats);
    CHECK(watched.events == general.events);
}

std::string read(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Runs every program in the corpus directory `dir` that builds a layout with PEs; how many did
/// (the corpus holds programs that do not build, on purpose).
int corpus(const std::string& dir) {
    int built = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(WAFER_SOURCE_DIR) + "/tests/fuzz/corpus/" + dir)) {
        const auto b = fuzz::sections(read(entry.path()));
        if (!b) continue;
        const auto layout = fuzz::build(*b);
        if (!layout || layout->pes.empty() || !fuzz::small_enough(*layout)) continue;
        INFO(entry.path().filename().string());
        same_without_fast_paths(*layout);
        ++built;
    }
    return built;
}

}  // namespace

TEST_CASE("every program of the run corpus ends the same without the fast paths, on 1 and 2 threads, observed or not") {
    CHECK(corpus("run") > 20);
}

TEST_CASE("every kernel of the Tungsten corpus ends the same on its PE without the fast paths") {
    CHECK(corpus("tungsten") > 150);
}

TEST_CASE("random networks of relaying, computing and tapping PEs end the same without the fast paths, halted or deadlocked") {
    std::mt19937 rng(20261207);
    int networks = 0, middles = 0, taps = 0, deadlocks = 0;
    for (int round = 0; round < 60; ++round) {
        std::vector<stream> streams;
        const std::int32_t w = 3 + std::int32_t(rng() % 8), h = 2 + std::int32_t(rng() % 5);
        auto layout = random_network(rng, w, h, 2 + int(rng() % 9), streams, true);
        if (streams.empty()) continue;
        if (round % 4 == 0) starve_a_reader(layout);
        INFO("round " << round);
        same_without_fast_paths(layout);
        middles += int(std::ranges::count(layout.programs, std::string("middle"), &ir::pe_program::kernel));
        taps += int(std::ranges::count(layout.programs, std::string("tap"), &ir::pe_program::kernel));
        deadlocks += run_on(layout, {}).status == fabric::run_status::deadlock;
        ++networks;
    }
    CHECK(networks > 40);
    CHECK(middles > 40);
    CHECK(taps > 10);
    CHECK(deadlocks > 5);
}
