// The event-driven scheduler against many random networks: streams on their own colors along
// random self-avoiding paths that cross and share links, senders and readers that start late.
// A lost wake-up would show as a false deadlock or a missing value.
#include "wafer/fabric/scheduler.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "layout_builders.hpp"
#include "wafer/fabric/fabric.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

ir::port mirrored(ir::port p) {
    return p == ir::port::right ? ir::port::left : p == ir::port::left ? ir::port::right : p;
}

/// The layout reflected east to west: the model has no preferred direction, so every PE must
/// take exactly as long, though routers are now visited in another order relative to the flow.
ir::layout mirror(ir::layout l) {
    for (auto& p : l.pes) p.x = l.width - 1 - p.x;
    for (auto& r : l.routers) {
        r.x = l.width - 1 - r.x;
        for (auto& c : r.colors)
            for (auto& pos : c.positions) {
                std::uint8_t out = 0;
                for (int q = 0; q < hw::ports; ++q)
                    if (pos.outputs & hw::bit(ir::port(q))) out = std::uint8_t(out | hw::bit(mirrored(ir::port(q))));
                pos = ir::switch_position{mirrored(pos.input), out};
            }
    }
    return make_layout(l.width, l.height, l.programs, l.pes, l.routers);
}

}  // namespace

TEST_CASE("random crossing streams all arrive, in order, runs repeat exactly and mirror exactly") {
    std::mt19937 rng(20240601);
    int networks = 0, streams = 0;
    for (int round = 0; round < 2000; ++round) {
        std::vector<stream> expected;
        const std::int32_t w = 2 + std::int32_t(rng() % 5), h = 1 + std::int32_t(rng() % 4);
        const int count = 1 + int(rng() % 6);
        const auto layout = random_network(rng, w, h, count, expected);
        if (expected.empty()) continue;
        ++networks;
        streams += int(expected.size());
        fabric::fabric f(layout);
        const auto r = f.run();
        INFO("round " << round << "\n" << fabric::report(r));
        REQUIRE(r.status == fabric::run_status::halted);
        CHECK(r.diagnostics.empty());
        for (std::size_t s = 0; s < expected.size(); ++s) {
            const auto& st = expected[s];
            const auto reader = f.pe_at(st.path.back().first, st.path.back().second);
            REQUIRE(reader);
            bool same = true;
            for (std::uint32_t i = 0; i < st.count; ++i) same = same && f.memory(*reader)[i] == word(1000 * st.color + i);
            CHECK(same);
            // Each wavelet needs a hop per router on the path, and a stream moves at most one per cycle.
            CHECK(f.pe_cycles(*reader) >= st.path.size() + st.count);
        }
        CHECK(f.run().cycles == r.cycles);
        fabric::fabric m(mirror(layout));
        const auto mr = m.run();
        CHECK(mr.cycles == r.cycles);
        for (const auto& p : layout.pes)
            CHECK(m.pe_cycles(*m.pe_at(layout.width - 1 - p.x, p.y)) == f.pe_cycles(*f.pe_at(p.x, p.y)));
    }
    CHECK(networks > 1000);
    CHECK(streams > 2000);
}

TEST_CASE("the scheduler takes the PEs due, lists routers for the next phase and jumps to the next PE event") {
    fabric::scheduler s;
    s.resize(0, 8, 0, 8);
    auto due = [&](std::uint64_t now) {
        std::vector<std::uint32_t> out;
        s.begin(now);
        s.step_pes(now, 0, 8, [&](std::uint32_t pe) { out.push_back(pe); });
        return out;
    };
    auto routers = [&](std::uint64_t now) {
        std::vector<std::uint32_t> out;
        s.step_routers(now, 0, 8, [&](std::uint32_t r) { out.push_back(r); });
        return out;
    };
    s.schedule(1, 5);
    s.schedule(0, 5);
    s.schedule(2, 9);
    s.schedule(3, 5 + 3 * fabric::scheduler::ring);  // beyond the ring: kept aside until its cycle
    CHECK(s.next_cycle(0) == 5u);
    CHECK(due(4).empty());
    CHECK(due(5) == std::vector<std::uint32_t>{0, 1});  // in index order, though scheduled the other way
    s.schedule(6, 6);  // the next cycle
    s.list_router(3, 5);
    s.list_router(1, 5);
    s.list_router(3, 5);
    s.list_router(4, 6);  // for the next cycle's router phase
    CHECK(routers(5) == std::vector<std::uint32_t>{1, 3});  // in index order, once each
    CHECK(s.next_cycle(5) == 6u);
    CHECK(s.listed_next(5) == 2);
    CHECK(due(6) == std::vector<std::uint32_t>{6});
    CHECK(routers(6) == std::vector<std::uint32_t>{4});
    CHECK(routers(6).empty());
    CHECK(s.next_cycle(6) == 9u);
    CHECK(due(9) == std::vector<std::uint32_t>{2});
    CHECK(s.next_cycle(9) == 5 + 3 * fabric::scheduler::ring);
    CHECK(due(5 + 3 * fabric::scheduler::ring) == std::vector<std::uint32_t>{3});
    CHECK_FALSE(s.next_cycle(5 + 3 * fabric::scheduler::ring).has_value());
}

TEST_CASE("a cycle is taken in strips: the PEs and routers of each range, each once") {
    fabric::scheduler s;
    s.resize(0, 200, 0, 200);
    for (std::uint32_t i : {150u, 3u, 64u, 63u, 0u, 199u}) s.schedule(i, 0);
    for (std::uint32_t r : {199u, 65u, 2u}) s.list_router(r, 0);
    s.begin(0);
    std::vector<std::uint32_t> pes, routers;
    std::uint32_t from = 0;
    for (const std::uint32_t bound : {1u, 64u, 64u, 151u, 200u}) {
        CHECK(s.next_pe(0, from) >= from);
        s.step_pes(0, from, bound, [&](std::uint32_t i) { pes.push_back(i); });
        s.step_routers(0, from, bound, [&](std::uint32_t r) {
            routers.push_back(r);
            s.list_router(r, 1);  // for the next cycle: not visited again in this one
        });
        for (const auto i : pes) CHECK(i < bound);
        from = bound;
    }
    CHECK(pes == std::vector<std::uint32_t>{0, 3, 63, 64, 150, 199});
    CHECK(routers == std::vector<std::uint32_t>{2, 65, 199});
    routers.clear();
    CHECK(s.next_cycle(0) == 1u);
    s.begin(1);
    s.step_routers(1, 100, 200, [&](std::uint32_t r) { routers.push_back(r); });
    s.step_routers(1, 0, 100, [&](std::uint32_t r) { routers.push_back(r); });
    CHECK(routers == std::vector<std::uint32_t>{199, 2, 65});  // ranges in any order
}

TEST_CASE("cycles under way at once keep their own PEs and routers, and a cycle begun takes what is scheduled for it") {
    fabric::scheduler s;
    s.resize(0, 100, 0, 100);
    s.schedule(10, 0);
    s.schedule(20, 3);  // in the calendar until cycle 3 begins
    s.begin(0);
    s.begin(1);
    s.begin(2);
    s.schedule(30, 2);  // begun: its set at once
    s.schedule(40, 3);  // the next: its set too
    s.schedule(50, 4);  // later: the calendar
    s.list_router(5, 1);
    s.list_router(6, 2);
    auto pes = [&](std::uint64_t cycle) {
        std::vector<std::uint32_t> out;
        s.step_pes(cycle, 0, 100, [&](std::uint32_t i) { out.push_back(i); });
        return out;
    };
    auto routers = [&](std::uint64_t cycle) {
        std::vector<std::uint32_t> out;
        s.step_routers(cycle, 0, 100, [&](std::uint32_t r) { out.push_back(r); });
        return out;
    };
    CHECK(pes(0) == std::vector<std::uint32_t>{10});
    CHECK(pes(2) == std::vector<std::uint32_t>{30});
    CHECK(pes(1).empty());
    CHECK(routers(2) == std::vector<std::uint32_t>{6});
    CHECK(routers(1) == std::vector<std::uint32_t>{5});
    s.begin(3);
    CHECK(pes(3) == std::vector<std::uint32_t>{20, 40});
    CHECK(s.next_cycle(3) == 4u);
    s.begin(4);
    CHECK(pes(4) == std::vector<std::uint32_t>{50});
}

TEST_CASE("an active set keeps each index once and gives them back in order") {
    fabric::active_set a;
    a.resize(10000);
    for (std::uint32_t i : {9999u, 5u, 4096u, 5u, 64u, 0u, 4095u}) a.insert(i);
    CHECK(a.size() == 6);
    std::vector<std::uint32_t> out;
    a.drain([&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{0, 5, 64, 4095, 4096, 9999});
    CHECK(a.empty());
    a.drain([&](std::uint32_t) { FAIL("empty"); });

    for (std::uint32_t i : {9999u, 5u, 4096u, 64u, 0u, 4095u, 4100u}) a.insert(i);
    out.clear();
    a.drain(0, 6, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{0, 5});
    a.insert(4097);
    a.drain(4096, 4099, [&](std::uint32_t i) { out.push_back(i); });  // a range within a word
    CHECK(out == std::vector<std::uint32_t>{0, 5, 4096, 4097});
    a.drain(6, 4097, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{0, 5, 4096, 4097, 64, 4095});
    CHECK(a.size() == 2);
    a.drain(0, 10000, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out.back() == 9999);
    CHECK(a.empty());

    // ahead(i) comes before f(i), once for each index, and a few indices early.
    for (std::uint32_t i : {3u, 7u, 8u, 9u, 40u, 63u, 64u, 70u}) a.insert(i);
    std::vector<std::uint32_t> fetched;
    std::vector<std::size_t> early;
    out.clear();
    a.drain([&](std::uint32_t i) {
        CHECK(std::find(fetched.begin(), fetched.end(), i) != fetched.end());
        early.push_back(fetched.size() - out.size());
        out.push_back(i);
    }, [&](std::uint32_t i) { fetched.push_back(i); });
    CHECK(fetched == out);
    CHECK(early.front() == 4);  // fetched: the first, and three beyond it
}

TEST_CASE("an active set over a range [first, first + n) gives back its own indices") {
    fabric::active_set a;
    a.resize(100, 1000);
    for (std::uint32_t i : {1099u, 1000u, 1064u}) a.insert(i);
    std::vector<std::uint32_t> out;
    a.drain(1000, 1064, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{1000});
    a.drain(1064, 1100, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{1000, 1064, 1099});
}

TEST_CASE("an active set's next(from) is its least index at or after from, and ranges drain exactly their own") {
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        const std::size_t first = rng() % 3 == 0 ? 1000 : 0, n = 1 + rng() % 20000;
        fabric::active_set a;
        a.resize(n, first);
        std::set<std::uint32_t> left;  // the reference
        for (int k = int(rng() % 40); k > 0; --k) {
            const auto i = std::uint32_t(first + rng() % n);
            a.insert(i);
            left.insert(i);
        }
        // Drain in random ranges, each skipping to next(), as a band does, until nothing is left.
        while (!left.empty()) {
            const std::size_t from = first + rng() % n, to = std::min(first + n, from + 1 + rng() % 700);
            const auto expect = left.lower_bound(std::uint32_t(from));
            REQUIRE(a.next(from) == (expect == left.end() ? first + n : *expect));
            a.drain(from, to, [&](std::uint32_t i) {
                REQUIRE(i >= from);
                REQUIRE(i < to);
                CHECK(left.erase(i) == 1);
            });
            CHECK(a.size() == left.size());
            const auto after = left.lower_bound(std::uint32_t(from));
            CHECK((after == left.end() || *after >= to));
        }
        CHECK(a.next(first) == first + n);
    }
}
