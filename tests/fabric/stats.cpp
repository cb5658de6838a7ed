// Run statistics (fabric/stats.hpp): every cycle of a PE is busy, blocked or idle; wavelets in and
// out match what the layout sends; the same for any number of threads, and the same as the trace
// of the run says. Observing a run (counting, tracing) changes nothing it does.
#include "wafer/fabric/stats.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "example_layout.hpp"
#include "layout_builders.hpp"
#include "outcome.hpp"
#include "wafer/fabric/fabric.hpp"
#include "wafer/fabric/run_state.hpp"
#include "wafer/fabric/trace.hpp"
#include "wafer/ir/symbol_map.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/lower.hpp"

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

/// Rows of `w` PEs, one stream each: a sender, relays that pass each wavelet east, and a reader
/// that may start late, so that the relays wait on full queues. Random counts, delays and queues.
ir::layout relay_rows(std::mt19937& rng, std::int32_t w, std::int32_t h) {
    std::vector<ir::pe_program> programs;
    std::vector<ir::placed_pe> pes;
    std::vector<ir::router> routers;
    auto queue = [&](std::size_t queues) { return std::uint8_t(rng() % queues); };
    for (std::int32_t y = 0; y < h; ++y) {
        const std::uint32_t count = 1 + rng() % 50, delay = rng() % 2 ? rng() % 40 : 0;
        std::vector<word> data(count);
        for (std::uint32_t i = 0; i < count; ++i) data[i] = word(100 * y + std::int32_t(i));
        const std::uint8_t send_q = queue(hw::wse2_output_queue_length.size());
        const std::uint8_t read_q = queue(hw::wse2_input_queue_length.size());
        const auto base = std::uint32_t(programs.size());
        programs.push_back(program("send", {op(opcode::mov, data_type::i16, {count}, fabout(send_q), {mem(0)})}, count,
                                   {words(0, data)}));
        std::vector<ir::dsd_op> read;
        if (delay) read.push_back(op(opcode::mov, data_type::i16, {delay}, mem(count), {imm(0)}));
        read.push_back(op(opcode::mov, data_type::i16, {count}, mem(0), {fabin(read_q)}));
        programs.push_back(program("read", read, count + delay));
        for (std::int32_t x = 0; x < w; ++x) {
            const int rx = (x + 1) % 2, tx = x % 2;  // the color it reads, and the one it sends on
            const std::string name = "p" + std::to_string(x) + "_" + std::to_string(y);
            if (x == 0) {
                pes.push_back(place(x, y, base, name, {}, {{send_q, tx}}));
                routers.push_back(route(x, y, {{tx, "C>R"}}));
            } else if (x + 1 == w) {
                pes.push_back(place(x, y, base + 1, name, {{read_q, rx}}));
                routers.push_back(route(x, y, {{rx, "L>C"}}));
            } else {
                const std::uint8_t in = queue(hw::wse2_input_queue_length.size());
                const std::uint8_t out = queue(hw::wse2_output_queue_length.size());
                pes.push_back(place(x, y, std::uint32_t(programs.size()), name, {{in, rx}}, {{out, tx}}));
                const auto relay = op(opcode::mov, data_type::i16, {count}, fabout(out), {fabin(in)});
                programs.push_back(program("relay", {relay}, 0));
                routers.push_back(route(x, y, {{rx, "L>C"}, {tx, "C>R"}}));
            }
        }
    }
    return make_layout(w, h, programs, pes, routers);
}

}  // namespace

TEST_CASE("a run counted or traced is one that is not, at its end and at any stop: relay rows, the examples") {
    std::mt19937 rng(20261205);
    std::vector<ir::layout> layouts;
    constexpr std::size_t rows = 6;
    for (std::size_t round = 0; round < rows; ++round)
        layouts.push_back(relay_rows(rng, 3 + std::int32_t(round) * 3, 2 + std::int32_t(round % 3)));
    layouts.push_back(example("heat2d/heat2d.paint", {"life"}, {{"W", 12}, {"H", 9}, {"N", 2}}));
    layouts.push_back(example("deadlock/deadlock.paint", {"pipeline", "deadlock"}, {{"N", n}}));
    for (std::size_t k = 0; k < layouts.size(); ++k) {
        const auto& l = layouts[k];
        // Every cycle of the smaller fabrics: a PE's burst that would run past a stop is cut there.
        fabric::fabric whole(l);
        const auto ended = outcome_of(whole, whole.run());
        const std::uint64_t cycles = ended.cycles;
        std::vector<std::uint64_t> stops{0, cycles / 3, cycles / 2 + 1};
        if (l.pes.size() <= 20)
            for (std::uint64_t stop = 1; stop < cycles; ++stop) stops.push_back(stop);
        for (const std::uint64_t stop : stops) {
            for (const std::size_t threads : {1u, 2u}) {
                INFO(l.width << " x " << l.height << ", stop " << stop << ", " << threads << " threads");
                fabric::fabric plain(l), counted(l), traced(l);
                fabric::run_stats stats;
                fabric::trace trace;
                const auto expected = outcome_of(plain, plain.run({.threads = threads, .stop = stop}));
                // A relay row's PEs only move elements: a burst that would run past the stop is cut
                // there (a scalar instruction, as in the examples, may end past it).
                if (stop > 0 && k < rows) CHECK(std::ranges::max(expected.pe_cycles) <= stop);
                const auto counted_run = counted.run({.threads = threads, .stop = stop, .stats = &stats});
                const auto traced_run = traced.run({.threads = threads, .stop = stop, .trace = &trace});
                CHECK(outcome_of(counted, counted_run) == expected);
                CHECK(outcome_of(traced, traced_run) == expected);
                if (expected.status != fabric::run_status::stopped) continue;
                // What a stop shows is all a run needs to go on, on another fabric too.
                fabric::fabric other(l);
                other.restore(plain.state());
                CHECK(outcome_of(other, other.run({.threads = threads, .resume = true})) == ended);
            }
        }
        // So is what a checkpoint shows, taken while the run goes on.
        fabric::fabric f(l);
        std::vector<fabric::run_state> states;
        const auto saved = [&](std::uint64_t) { states.push_back(f.state()); };
        CHECK(outcome_of(f, f.run({.checkpoint_every = cycles / 4 + 1, .checkpoint = saved})) == ended);
        for (const auto& state : states) {
            fabric::fabric other(l);
            other.restore(state);
            CHECK(outcome_of(other, other.run({.resume = true})) == ended);
        }
    }
}

TEST_CASE("a relay reached after scalar code ends as it does observed, where its queue has no color") {
    // The scalar code runs ahead of the clock, privately; the relay it then reaches is due later
    // than the next cycle, so it waits in the scheduler instead of riding its router. Its queues are
    // bound to no color, so the run deadlocks, with the fast paths as without them.
    diagnostics ds;
    const auto l = ir::single_pe_layout(tungsten::lower(
        parse::parse_tungsten("xp socket rx;\nxp socket tx;\nxp a = 0;\na = 1;\na = a + 1;\ni in [0, 2) tx <- rx;\n", "k.w"),
        {}, ds));
    fabric::fabric plain(l), counted(l);
    fabric::run_stats stats;
    const auto expected = outcome_of(plain, plain.run());
    CHECK(expected.status == fabric::run_status::deadlock);
    CHECK(outcome_of(counted, counted.run({.stats = &stats})) == expected);
}

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

TEST_CASE("each DSD operation's stats: its elements, its cycles, and the cycles each rule of the processor took") {
    // On WSE-2, add16 runs four a cycle: in memory, two sources four words apart keep the width,
    // in the same banks they halve it, and a step of 8 words leaves one a cycle. A stream from a
    // queue moves a wavelet a cycle, and stalls while its sender is slower.
    constexpr std::uint32_t e = 64;
    auto p = program("k",
                     {op(opcode::add, data_type::i16, {e}, mem(0), {mem(64), mem(132)}),      // full width
                      op(opcode::add, data_type::i16, {e}, mem(0), {mem(64), mem(128)}),      // same banks
                      op(opcode::add, data_type::i16, {e}, mem(0), {mem(256, {8}), imm(1)})},  // stride 8
                     256 + 8 * e);
    const auto c = count(ir::single_pe_layout(p));
    REQUIRE(c.result.status == fabric::run_status::halted);
    REQUIRE(c.stats.ops.size() == 3);
    for (std::uint32_t k = 0; k < 3; ++k) {
        CHECK(c.stats.ops[k].op == k);
        CHECK(c.stats.ops[k].elements == e);
        CHECK(c.stats.ops[k].fabric == 0);
        CHECK(c.stats.ops[k].stalled == 0);
    }
    CHECK(c.stats.ops[0].cycles == e / 4);
    CHECK(c.stats.ops[0].banks + c.stats.ops[0].strides == 0);
    CHECK(c.stats.ops[1].cycles == e / 2);
    CHECK(c.stats.ops[1].banks == e / 2 - e / 4);
    CHECK(c.stats.ops[2].cycles == e);
    CHECK(c.stats.ops[2].strides == e - e / 4);
    CHECK(c.stats.ops[2].banks == 0);

    // The pipeline's b reads its queue a wavelet a cycle: the fabric takes what its width would
    // not, and it stalls for a's first wavelet.
    const auto l = example("pipeline/pipeline.paint", {"pipeline"}, {{"N", n}});
    const auto pipe = count(l);
    const auto b = *ir::pe_index(l, 1, 0);
    std::uint64_t stalled = 0;
    for (const auto& o : pipe.stats.ops) {
        CHECK(o.strides + o.fabric + o.banks <= o.cycles);
        if (o.program == l.pes[b].program) stalled += o.stalled;
    }
    CHECK(stalled == pipe.stats.pes[b].blocked);
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
