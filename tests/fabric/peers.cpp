// A run spread over processes (played by threads, fabric/in_process.hpp) beyond ending as one
// process does (partition.cpp): stopping, checkpoints and resuming across processes, a failure in
// one process stopping all of them, more processes than PEs, and a color that leaves teardown
// beside a process border.
#include "wafer/fabric/peers.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <deque>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "layout_builders.hpp"
#include "outcome.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/in_process.hpp"
#include "wafer/fabric/run_state.hpp"
#include "wafer/fabric/stats.hpp"
#include "wafer/fabric/trace.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

/// A random network of crossing streams on at least 4 rows, so 2 and 3 processes all have PEs.
ir::layout network(std::uint32_t seed, bool starve = false) {
    std::mt19937 rng(seed);
    for (;;) {
        std::vector<stream> streams;
        auto l = random_network(rng, 4 + std::int32_t(rng() % 6), 4 + std::int32_t(rng() % 3), 6 + int(rng() % 5), streams);
        if (streams.size() < 3) continue;
        if (starve) starve_a_reader(l);
        return l;
    }
}

/// Runs every fabric as one process of a group with the same options; process 0's result.
fabric::run_result together(std::deque<fabric::fabric>& fs, const fabric::run_options& options) {
    const auto ends = run_together(fs, [&](std::size_t) { return options; });
    for (const auto& e : ends)
        if (e.failure) std::rethrow_exception(e.failure);
    return ends.front().result;
}

}  // namespace

TEST_CASE("a run stopped on two processes resumes on one, on three, and on the same two by themselves") {
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        const auto layout = network(seed, seed % 3 == 0);
        fabric::fabric whole(layout);
        const auto expected = outcome_of(whole, whole.run());
        REQUIRE(expected.cycles > 6);
        for (const std::uint64_t at : {expected.cycles / 3, expected.cycles - 1}) {
            INFO("seed " << seed << ", stop at " << at << "; whole run: " << expected.report);
            auto two = fabrics_of(layout, 2);
            const auto stopped = together(two, {.stop = at});
            REQUIRE(stopped.status == fabric::run_status::stopped);
            const auto state = two.front().state();

            fabric::fabric one(layout);
            one.restore(state);
            CHECK(outcome_of(one, one.run({.resume = true})) == expected);

            auto three = fabrics_of(layout, 3);
            for (auto& f : three) f.restore(state);
            const auto r3 = together(three, {.threads = 2, .resume = true});
            CHECK(outcome_of(three.front(), r3) == expected);

            // Their own state was never gathered on process 1: it goes on from its own bands.
            const auto r2 = together(two, {.resume = true});
            CHECK(outcome_of(two.front(), r2) == expected);
        }
    }
}

TEST_CASE("checkpoints on processes are the whole run's state, and resume on one process to the same end") {
    const auto layout = network(77);
    fabric::fabric whole(layout);
    const auto expected = outcome_of(whole, whole.run());
    REQUIRE(expected.cycles > 20);
    auto fs = fabrics_of(layout, 3);
    std::vector<fabric::run_state> states;
    const auto ends = run_together(fs, [&](std::size_t k) {
        fabric::run_options o;
        o.checkpoint_every = expected.cycles / 5;
        o.checkpoint = [&, k](std::uint64_t) {
            if (k == 0) states.push_back(fs.front().state());
        };
        return o;
    });
    REQUIRE(!ends[0].failure);
    CHECK(outcome_of(fs.front(), ends[0].result) == expected);
    REQUIRE(states.size() >= 4);
    for (auto& s : states) {
        INFO("from cycle " << s.now);
        fabric::fabric f(layout);
        f.restore(std::move(s));
        CHECK(outcome_of(f, f.run({.threads = 2, .resume = true})) == expected);
    }
}

TEST_CASE("an exception in one process ends the run in every process: its own there, peer_failure elsewhere") {
    const auto layout = network(5);
    auto fs = fabrics_of(layout, 3);
    const auto ends = run_together(fs, [](std::size_t k) {
        fabric::run_options o;
        o.checkpoint_every = 5;
        o.checkpoint = [k](std::uint64_t cycle) {
            if (k == 1 && cycle >= 10) throw std::runtime_error("disk full");
        };
        return o;
    });
    for (std::size_t k = 0; k < ends.size(); ++k) {
        INFO("process " << k);
        REQUIRE(ends[k].failure);
        try {
            std::rethrow_exception(ends[k].failure);
        } catch (const fabric::peer_failure&) {
            CHECK(k != 1);
        } catch (const std::runtime_error& e) {
            CHECK(k == 1);
            CHECK(std::string(e.what()) == "disk full");
        }
    }
}

TEST_CASE("more processes than PEs: those without a band take part all the same") {
    // Two PEs: a sender and a reader two cells apart; four processes.
    const auto layout = make_layout(
        3, 1,
        {program("send", {op(opcode::mov, data_type::i16, {5}, fabout(0), {mem(0)})}, 5, {words(0, {1, 2, 3, 4, 5})}),
         program("read", {op(opcode::mov, data_type::i16, {5}, mem(0), {fabin(0)})}, 5)},
        {place(0, 0, 0, "s", {}, {{0, 0}}), place(2, 0, 1, "r", {{0, 0}})},
        {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>R"}}), route(2, 0, {{0, "L>C"}})});
    const auto one = run_on(layout, {});
    REQUIRE(one.status == fabric::run_status::halted);
    CHECK(one.memory[1] == std::vector<word>{1, 2, 3, 4, 5});
    CHECK(run_on(layout, {4, 1}) == one);
    CHECK(run_on(layout, {3, 2}) == one);
}

TEST_CASE("a color that leaves teardown beside a process border opens for the writer on the other side") {
    // A row of six cells: x = 0 sends 12 wavelets east to x = 5; the routers at x = 2, 3 and 4
    // start color 0 in teardown ([L>R; tip]) and their PEs clear it after 20, 40 and 60 cycles
    // (a mov16 of 80, 160 and 240 elements, four a cycle).
    // Each is the first cell of a band for 2 or 3 processes, so its writer is in another one.
    constexpr std::uint32_t n = 12;
    std::vector<word> data(n);
    for (std::uint32_t i = 0; i < n; ++i) data[i] = word(100 + i);
    std::vector<ir::pe_program> programs{program("send", {op(opcode::mov, data_type::i16, {n}, fabout(0), {mem(0)})}, n, {words(0, data)}),
                                         program("read", {op(opcode::mov, data_type::i16, {n}, mem(0), {fabin(0)})}, n)};
    for (const std::uint32_t delay : {80u, 160u, 240u}) {
        auto p = program("open", {op(opcode::mov, data_type::i16, {delay}, mem(0), {imm(0)})}, delay, {}, {writes("t", 0)});
        ir::instruction clear;
        clear.code = ir::instr::clear_teardown;
        clear.target = 0;  // socket t, on color 0
        p.blocks[0].code.insert(p.blocks[0].code.end() - 1, clear);
        programs.push_back(p);
    }
    std::vector<ir::router> routers{route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>R"}}), route(5, 0, {{0, "L>C"}})};
    for (std::int32_t x = 2; x <= 4; ++x) {
        routers.push_back(route(x, 0, {{0, "L>R"}}));
        routers.back().colors[0].teardown = true;
    }
    const auto layout = make_layout(6, 1, programs,
                                    {place(0, 0, 0, "s", {}, {{0, 0}}), place(1, 0, 2, "o1", {}, {{0, 0}}),
                                     place(2, 0, 2, "o2", {}, {{0, 0}}), place(3, 0, 3, "o3", {}, {{0, 0}}),
                                     place(4, 0, 4, "o4", {}, {{0, 0}}), place(5, 0, 1, "r", {{0, 0}})},
                                    routers);
    const auto one = run_on(layout, {});
    INFO(one.report);
    REQUIRE(one.status == fabric::run_status::halted);
    CHECK(one.memory[5] == data);
    CHECK(one.cycles > 60);
    for (const spread s : {spread{2, 1}, spread{3, 1}, spread{2, 3}}) CHECK(run_on(layout, s) == one);
}

TEST_CASE("fabrics run again on processes, spread another way, with the same result") {
    const auto layout = network(9);
    fabric::fabric f(layout);
    const auto expected = outcome_of(f, f.run());
    auto fs = fabrics_of(layout, 2);
    const auto first = together(fs, {.threads = 2});
    CHECK(first.threads == 4);
    CHECK(outcome_of(fs.front(), first) == expected);
    const auto second = together(fs, {});
    CHECK(second.threads == 2);
    CHECK(outcome_of(fs.front(), second) == expected);
}

TEST_CASE("a trace and stats over processes are process 0's, as one process records them, cut the same past max_events") {
    for (std::uint32_t seed = 1; seed <= 8; ++seed) {
        const auto layout = network(seed, seed % 3 == 0);
        fabric::trace whole_trace;
        fabric::run_stats whole_stats;
        fabric::fabric whole(layout);
        whole.run({.trace = &whole_trace, .stats = &whole_stats});
        REQUIRE(whole_trace.events.size() > 8);
        for (const std::size_t cap : {whole_trace.options.max_events, whole_trace.events.size() / 3}) {
            fabric::trace one;
            one.options.max_events = cap;
            fabric::fabric alone(layout);
            alone.run({.trace = &one});
            for (const std::size_t n : {2, 3}) {
                INFO("seed " << seed << ", " << n << " processes, at most " << cap << " events");
                auto fs = fabrics_of(layout, n);
                std::vector<fabric::trace> traces(n);
                std::vector<fabric::run_stats> stats(n);
                for (auto& t : traces) t.options.max_events = cap;
                const auto ends = run_together(fs, [&](std::size_t k) {
                    return fabric::run_options{.threads = 2, .trace = &traces[k], .stats = &stats[k]};
                });
                for (const auto& e : ends) REQUIRE_FALSE(e.failure);
                CHECK(traces[0].events == one.events);
                CHECK(traces[0].truncated == one.truncated);
                CHECK(traces[0].complete_to == one.complete_to);
                CHECK(stats[0] == whole_stats);
            }
        }
    }
}

TEST_CASE("the processes agree on the earliest next cycle, the gravest stop, the longest wave, the latest busy cycle") {
    fabric::in_process_group group(3);
    std::vector<fabric::agreement> agreed(3);
    auto propose = [&](std::size_t k) {
        // Each process leads on a different field: process 0 on next, 1 on stop and busy, 2 on wave.
        const fabric::agreement mine{.next = k == 0 ? 5u : 9u, .stop = k == 1 ? 2u : 0u, .wave = k == 2 ? 16u : 1u,
                                     .busy = k == 1 ? 40u : 7u};
        agreed[k] = group[k].agree(mine);
    };
    {
        std::vector<std::jthread> others;
        for (std::size_t k = 1; k < 3; ++k) others.emplace_back(propose, k);
        propose(0);
    }
    for (const auto& a : agreed) {
        CHECK(a.next == 5);
        CHECK(a.stop == 2);
        CHECK(a.wave == 16);
        CHECK(a.busy == 40);
    }
}
