// Stopping, taking the run state, and resuming: a run that stops at any cycle and goes on, on the
// same fabric or on another one the state was put into, on any number of threads, ends exactly as
// the uninterrupted run.
#include "wafer/fabric/run_state.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
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

/// A random network of crossing streams; every 4th reader starves, so some runs deadlock.
ir::layout network(std::mt19937& rng, int round) {
    for (;;) {
        std::vector<stream> streams;
        auto l = random_network(rng, 3 + std::int32_t(rng() % 8), 2 + std::int32_t(rng() % 5), 2 + int(rng() % 8), streams);
        if (streams.empty()) continue;
        if (round % 4 == 0) starve_a_reader(l);
        return l;
    }
}

}  // namespace

TEST_CASE("a run stopped at any cycle and resumed ends as the whole run, on the same fabric or another") {
    std::mt19937 rng(42);
    int stops = 0;
    for (int round = 0; round < 60; ++round) {
        const auto layout = network(rng, round);
        fabric::fabric whole(layout);
        const auto r = whole.run();
        const auto expected = outcome_of(whole, r);
        if (r.cycles < 4) continue;
        for (const std::uint64_t at : {std::uint64_t(1), r.cycles / 3, r.cycles - 1}) {
            INFO("round " << round << ", stop at " << at << "; whole run: " << expected.report);
            fabric::fabric f(layout);
            const auto stopped = f.run({.threads = 1 + std::size_t(round % 3), .stop = at});
            REQUIRE(stopped.status == fabric::run_status::stopped);
            CHECK(stopped.cycles == at);
            ++stops;
            // Another fabric of the same layout takes the state and goes on, on other threads.
            fabric::fabric g(layout);
            g.restore(f.state());
            const auto resumed = g.run({.threads = 1 + std::size_t(round % 2), .resume = true});
            CHECK(outcome_of(g, resumed) == expected);
            // The fabric that stopped goes on by itself.
            CHECK(outcome_of(f, f.run({.threads = 2, .resume = true})) == expected);
        }
    }
    CHECK(stops > 100);
}

TEST_CASE("a run with microthreads sharing the datapath, stopped at any cycle, resumes to the whole run's end") {
    // The dot-product lesson: async operations on microthreads beside main threads that finish.
    const auto layout = example("dotbench/dotbench.paint", {}, {{"N", 48}});
    fabric::fabric whole(layout);
    const auto expected = outcome_of(whole, whole.run());
    REQUIRE(expected.cycles > 20);
    for (std::uint64_t at = 1; at < expected.cycles; at += 3) {
        INFO("stop at " << at);
        fabric::fabric f(layout);
        const auto stopped = f.run({.threads = 1 + at % 3, .stop = at});
        REQUIRE(stopped.status == fabric::run_status::stopped);
        CHECK(stopped.cycles == at);
        CHECK(outcome_of(f, f.run({.threads = 2, .resume = true})) == expected);
    }
}

TEST_CASE("a state taken by the checkpoint callback resumes to the same end, and stops twice") {
    std::mt19937 rng(5);
    const auto layout = network(rng, 1);
    fabric::fabric whole(layout);
    const auto expected = outcome_of(whole, whole.run());
    REQUIRE(expected.cycles > 20);

    fabric::fabric f(layout);
    std::vector<fabric::run_state> states;
    std::vector<std::uint64_t> at;
    fabric::run_options options;
    options.checkpoint_every = expected.cycles / 5;
    options.checkpoint = [&](std::uint64_t cycle) {
        states.push_back(f.state());
        at.push_back(cycle);
    };
    CHECK(outcome_of(f, f.run(options)) == expected);
    REQUIRE(states.size() >= 4);
    for (std::size_t k = 0; k < states.size(); ++k) {
        CHECK(states[k].now == at[k]);
        CHECK(at[k] == (k + 1) * options.checkpoint_every);
        fabric::fabric g(layout);
        g.restore(states[k]);
        // Stop once more on the way, then go on to the end.
        const auto again = g.run({.threads = 3, .stop = at[k] + 3, .resume = true});
        if (at[k] + 3 < expected.cycles) CHECK(again.status == fabric::run_status::stopped);
        CHECK(outcome_of(g, g.run({.resume = true})) == expected);
    }
}

TEST_CASE("a state from another layout is refused with the reason") {
    std::mt19937 rng(9);
    fabric::fabric a(network(rng, 1)), b(network(rng, 2));
    a.run({.stop = 2});
    CHECK_THROWS_WITH_AS(b.restore(a.state()), doctest::Contains("the run state does not fit this fabric"), error);
    auto damaged = a.state();
    REQUIRE(!damaged.colors.empty());
    damaged.colors.front().current = 200;
    CHECK_THROWS_WITH_AS(a.restore(damaged), doctest::Contains("state is out of range"), error);
    damaged = a.state();
    damaged.events.push_back({0, 1u << 30});
    CHECK_THROWS_WITH_AS(a.restore(damaged), doctest::Contains("a PE event is out of range"), error);
    // A PE due at the clock's `never` would end a run that still has it due.
    damaged = a.state();
    REQUIRE(!damaged.events.empty());
    damaged.events.front().cycle = std::numeric_limits<std::uint64_t>::max();
    CHECK_THROWS_WITH_AS(a.restore(damaged), doctest::Contains("a PE event is out of range"), error);
}

TEST_CASE("a state no run could reach is refused: an operation past its walk, a PE due with no event, a queue no operation uses") {
    std::mt19937 rng(9);
    for (int round = 0; round < 8; ++round) {
        fabric::fabric a(network(rng, round));
        a.run({.stop = 3});
        const auto state = a.state();
        const auto in_op = std::ranges::find_if(state.pes, [](const fabric::pe_state& p) { return p.main == fabric::main_state::in_op; });
        if (in_op == state.pes.end()) continue;
        const auto i = std::size_t(in_op - state.pes.begin());
        auto damaged = state;
        damaged.pes[i].op.elements += 1u << 20;
        damaged.pes[i].op.done = damaged.pes[i].op.elements;
        CHECK_THROWS_WITH_AS(a.restore(damaged), doctest::Contains("'s thread state is out of range"), error);
        damaged = state;
        damaged.pes[i].op.op = 1u << 20;
        CHECK_THROWS_WITH_AS(a.restore(damaged), doctest::Contains("'s thread state is out of range"), error);
        const auto not_due = std::ranges::find_if(state.waits, [](fabric::pe_wait w) { return w != fabric::pe_wait::scheduled; });
        if (not_due != state.waits.end()) {
            damaged = state;
            damaged.waits[std::size_t(not_due - state.waits.begin())] = fabric::pe_wait::scheduled;  // with no event
            CHECK_THROWS_WITH_AS(a.restore(damaged), doctest::Contains("is due without an event"), error);
        }
        if (state.pes[i].queue_count == 0) continue;
        damaged = state;
        damaged.queues[state.pes[i].queues].user = 3;  // microthread 2, which runs nothing
        CHECK_THROWS_WITH_AS(a.restore(damaged), doctest::Contains("is used by no operation"), error);
        return;
    }
    FAIL("no network stopped with a PE in an operation");
}
