// Traces (fabric/trace.hpp): what a run records about its PEs, the same for any number of threads,
// and a filtered trace is exactly the full trace's events inside the filter.
#include "wafer/fabric/trace.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "example_layout.hpp"
#include "wafer/fabric/fabric.hpp"

using namespace wafer;
using namespace wafer::test;
using kind = fabric::trace_event::kind;

namespace {

constexpr std::int32_t n = 8;

ir::layout pipeline() { return example("pipeline/pipeline.paint", {"pipeline"}, {{"N", n}}); }

fabric::trace traced(const ir::layout& l, fabric::trace_options o = {}, std::size_t threads = 1,
                     const std::function<void(fabric::fabric&)>& load = {}) {
    fabric::fabric f(l);
    if (load) load(f);
    fabric::trace t{o};
    f.run({.threads = threads, .trace = &t});
    return t;
}

std::size_t count(const fabric::trace& t, kind k, std::uint32_t pe) {
    return std::size_t(std::ranges::count_if(t.events, [&](const auto& e) { return e.what == k && e.pe == pe; }));
}

}  // namespace

TEST_CASE("a pipeline's trace: every wavelet lands, each operation begins and ends, events in cycle order") {
    const auto l = pipeline();
    const auto t = traced(l);
    fabric::fabric f(l);
    const auto r = f.run();
    REQUIRE(r.status == fabric::run_status::halted);
    CHECK_FALSE(t.truncated);
    CHECK(t.complete_to > r.cycles);
    const auto b = *ir::pe_index(l, 1, 0), c = *ir::pe_index(l, 2, 0), a = *ir::pe_index(l, 0, 0);
    CHECK(count(t, kind::landing, std::uint32_t(a)) == 0);
    CHECK(count(t, kind::landing, std::uint32_t(b)) == std::size_t(n));
    CHECK(count(t, kind::landing, std::uint32_t(c)) == std::size_t(n));
    CHECK(std::ranges::is_sorted(t.events, {}, [](const auto& e) { return std::pair(e.cycle, e.pe); }));
    // Every operation that begins ends, after it begins, on each PE and thread.
    std::map<std::pair<std::uint32_t, int>, std::uint64_t> open;
    std::size_t ops = 0;
    for (const auto& e : t.events) {
        const auto key = std::pair(e.pe, int(e.thread));
        if (e.what == kind::op_begin) {
            CHECK(open.count(key) == 0);
            open[key] = e.cycle;
            ++ops;
        } else if (e.what == kind::op_end) {
            REQUIRE(open.count(key) == 1);
            CHECK(e.cycle >= open[key]);
            CHECK(e.data == 1);
            open.erase(key);
        }
    }
    CHECK(open.empty());
    CHECK(ops >= 3);
    // The receiver's last landing comes before the run ends; its data is what b computed (3x + 1).
    const auto last = std::find_if(t.events.rbegin(), t.events.rend(), [&](const auto& e) { return e.what == kind::landing && e.pe == c; });
    REQUIRE(last != t.events.rend());
    CHECK(last->cycle <= r.cycles);
    CHECK(f.memory(c).size() > 0);
    CHECK(count(t, kind::instruction, std::uint32_t(a)) > 0);
}

TEST_CASE("a trace records an input queue's level as wavelets land in it and as the PE reads them") {
    const auto l = pipeline();
    const auto t = traced(l);
    std::map<std::pair<std::uint32_t, int>, std::vector<std::uint32_t>> levels;  // by PE and queue, in order
    std::map<std::pair<std::uint32_t, int>, std::size_t> landings;
    for (const auto& e : t.events) {
        if (e.what == kind::queue) levels[{e.pe, e.on.queue}].push_back(e.data);
        if (e.what == kind::landing) ++landings[{e.pe, e.on.queue}];
    }
    REQUIRE(levels.size() == 2);  // b's and c's input queues; a reads none
    for (const auto& [queue, seen] : levels) {
        INFO("PE " << queue.first << ", queue " << queue.second);
        CHECK(seen.back() == 0);  // everything that landed was read
        std::size_t rises = 0;    // a landing raises the level by one; a read lowers it
        for (std::size_t k = 0; k < seen.size(); ++k) {
            CHECK(seen[k] != (k ? seen[k - 1] : 0));  // an event only when the level changes
            if (seen[k] == (k ? seen[k - 1] : 0) + 1) ++rises;
        }
        CHECK(rises == landings[queue]);
    }
}

TEST_CASE("a trace is the same on 1, 2 and 3 threads: the pipeline, Life from a random start, the deadlock") {
    const auto life = example("life/life.paint", {}, {{"W", 12}, {"H", 9}, {"N", 3}});
    const auto deadlock = example("deadlock/deadlock.paint", {"pipeline", "deadlock"}, {{"N", n}});
    for (const auto* l : {&life, &deadlock}) {
        const auto load = l == &life ? random_life(life, 7) : std::function<void(fabric::fabric&)>{};
        const auto one = traced(*l, {}, 1, load);
        CHECK(one.events.size() > 10);
        for (std::size_t threads : {2, 3}) {
            const auto other = traced(*l, {}, threads, load);
            CHECK(other.events == one.events);
            CHECK(other.complete_to == one.complete_to);
        }
    }
    const auto p = pipeline();
    CHECK(traced(p, {}, 3).events == traced(p).events);
}

TEST_CASE("a filtered trace holds exactly the full trace's events in its PEs and cycles") {
    const auto life = example("life/life.paint", {}, {{"W", 12}, {"H", 9}, {"N", 3}});
    const auto load = random_life(life, 11);
    const auto all = traced(life, {}, 1, load);
    fabric::trace_options o;
    o.x_first = 2, o.x_end = 5, o.y_first = 1, o.y_end = 3, o.from = 20, o.to = 120;
    const auto some = traced(life, o, 2, load);
    std::vector<fabric::trace_event> want;
    for (const auto& e : all.events) {
        const auto& pe = life.pes[e.pe];
        if (pe.x >= 2 && pe.x < 5 && pe.y >= 1 && pe.y < 3 && e.cycle >= 20 && e.cycle < 120) want.push_back(e);
    }
    CHECK(!want.empty());
    CHECK(some.events == want);
    o = {};
    o.instructions = false;
    const auto quiet = traced(life, o, 1, load);
    CHECK(std::ranges::none_of(quiet.events, [](const auto& e) { return e.what == kind::instruction; }));
    CHECK(quiet.events.size() < all.events.size());
}

TEST_CASE("a deadlocked PE's trace ends in a stall on what the report says it waits for") {
    const auto l = example("deadlock/deadlock.paint", {"pipeline", "deadlock"}, {{"N", n}});
    fabric::fabric f(l);
    const auto r = f.run();
    REQUIRE(r.status == fabric::run_status::deadlock);
    REQUIRE(r.blocked.size() == 1);
    const auto t = traced(l);
    const auto pe = r.blocked[0].who.pe;
    const auto last = std::find_if(t.events.rbegin(), t.events.rend(), [&](const auto& e) { return e.pe == pe && e.what != kind::instruction; });
    REQUIRE(last != t.events.rend());
    const auto& stall = *last;
    CHECK(stall.what == kind::stall);
    CHECK(stall.on == r.blocked[0].threads[0].on);
    CHECK(stall.index == r.blocked[0].threads[0].op);
    // It stalled and went on while the wavelets came, before the last stall.
    CHECK(count(t, kind::resume, pe) + 1 == count(t, kind::stall, pe));
}

TEST_CASE("past max_events a trace stops at a cycle boundary, the same on any number of threads") {
    const auto life = example("life/life.paint", {}, {{"W", 12}, {"H", 9}, {"N", 3}});
    const auto load = random_life(life, 5);
    const auto all = traced(life, {}, 1, load);
    fabric::trace_options o;
    o.max_events = all.events.size() / 3;
    const auto cut = traced(life, o, 1, load);
    CHECK(cut.truncated);
    CHECK(cut.events.size() <= o.max_events);
    CHECK(cut.events.size() > o.max_events / 2);
    CHECK(cut.complete_to == all.events[o.max_events].cycle);  // before the first event one too many
    std::vector<fabric::trace_event> want;
    for (const auto& e : all.events)
        if (e.cycle < cut.complete_to) want.push_back(e);
    CHECK(cut.events == want);
    const auto cut2 = traced(life, o, 3, load);
    CHECK(cut2.events == cut.events);
    CHECK(cut2.complete_to == cut.complete_to);
}
