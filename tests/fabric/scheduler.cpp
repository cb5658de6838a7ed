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
        s.step_pes(8, [&](std::uint32_t pe) { out.push_back(pe); });
        return out;
    };
    auto routers = [&] {
        std::vector<std::uint32_t> out;
        s.step_routers(8, [&](std::uint32_t r) { out.push_back(r); });
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
    CHECK(routers() == std::vector<std::uint32_t>{1, 3});  // in index order, once each
    CHECK(s.next_cycle(5) == 6u);
    CHECK(due(6) == std::vector<std::uint32_t>{6});
    CHECK(routers() == std::vector<std::uint32_t>{4});
    CHECK(routers().empty());
    CHECK(s.next_cycle(6) == 9u);
    CHECK(due(9) == std::vector<std::uint32_t>{2});
    CHECK(s.next_cycle(9) == 5 + 3 * fabric::scheduler::ring);
    CHECK(due(5 + 3 * fabric::scheduler::ring) == std::vector<std::uint32_t>{3});
    CHECK_FALSE(s.next_cycle(5 + 3 * fabric::scheduler::ring).has_value());
}

TEST_CASE("a cycle is taken in strips: the PEs and routers below each bound, each once") {
    fabric::scheduler s;
    s.resize(0, 200, 0, 200);
    for (std::uint32_t i : {150u, 3u, 64u, 63u, 0u, 199u}) s.schedule(i, 0);
    for (std::uint32_t r : {199u, 65u, 2u}) s.list_router(r, 0);
    s.begin(0);
    std::vector<std::uint32_t> pes, routers;
    for (const std::uint32_t bound : {1u, 64u, 64u, 151u, 200u}) {
        s.step_pes(bound, [&](std::uint32_t i) { pes.push_back(i); });
        s.step_routers(bound, [&](std::uint32_t r) {
            routers.push_back(r);
            s.list_router(r, 1);  // for the next cycle: not visited again in this one
        });
        for (const auto i : pes) CHECK(i < bound);
    }
    CHECK(pes == std::vector<std::uint32_t>{0, 3, 63, 64, 150, 199});
    CHECK(routers == std::vector<std::uint32_t>{2, 65, 199});
    routers.clear();
    CHECK(s.next_cycle(0) == 1u);
    s.begin(1);
    s.step_routers(100, [&](std::uint32_t r) { routers.push_back(r); });
    s.step_routers(200, [&](std::uint32_t r) { routers.push_back(r); });
    CHECK(routers == std::vector<std::uint32_t>{2, 65, 199});
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
    a.drain_below(6, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{0, 5});
    a.insert(4097);  // above the bound: taken in this round
    a.drain_below(4097, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{0, 5, 64, 4095, 4096});
    CHECK(a.size() == 3);
    a.drain_below(10000, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{0, 5, 64, 4095, 4096, 4097, 4100, 9999});
    CHECK(a.empty());
    a.insert(1);  // a new round starts from 0
    out.clear();
    a.drain_below(2, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{1});

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
    a.drain_below(1064, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{1000});
    a.drain_below(1100, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out == std::vector<std::uint32_t>{1000, 1064, 1099});
    a.insert(1001);  // the next round starts from the range's first index
    a.drain_below(1002, [&](std::uint32_t i) { out.push_back(i); });
    CHECK(out.back() == 1001);
}

TEST_CASE("an active set's next() is the least index its round has not drained, and rewind() starts a round again") {
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        const std::size_t first = rng() % 3 == 0 ? 1000 : 0, n = 1 + rng() % 20000;
        fabric::active_set a;
        a.resize(n, first);
        std::set<std::uint32_t> left;  // the reference: what this round has not drained yet
        for (int k = int(rng() % 40); k > 0; --k) {
            const auto i = std::uint32_t(first + rng() % n);
            a.insert(i);
            left.insert(i);
        }
        // Drain in strips that skip to next(), as fabric.hpp does, and stop when nothing is left.
        for (std::size_t bound = first; !left.empty();) {
            const std::size_t next = a.next();
            REQUIRE(next == *left.begin());
            bound = std::max(bound, next) + 1 + rng() % 300;
            a.drain_below(std::min(bound, first + n), [&](std::uint32_t i) {
                CHECK(i == *left.begin());
                left.erase(left.begin());
            });
        }
        CHECK(a.next() == first + n);
        a.rewind();
        const auto again = std::uint32_t(first + rng() % n);
        a.insert(again);
        CHECK(a.next() == again);  // from the first index, wherever the last round stopped
    }
}
