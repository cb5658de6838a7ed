// The event-driven scheduler against many random networks: streams on their own colors along
// random self-avoiding paths that cross and share links, senders and readers that start late.
// A lost wake-up would show as a false deadlock or a missing value.
#include "wafer/fabric/scheduler.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "layout_builders.hpp"
#include "wafer/fabric/fabric.hpp"

using namespace wafer;
using namespace wafer::test;

namespace {

struct stream {
    std::vector<std::pair<std::int32_t, std::int32_t>> path;  // source first, reader last
    int color = 0;
    std::uint32_t count = 0;
};

char direction(std::pair<std::int32_t, std::int32_t> from, std::pair<std::int32_t, std::int32_t> to) {
    if (to.first > from.first) return 'R';
    if (to.first < from.first) return 'L';
    return to.second > from.second ? 'U' : 'D';
}
char reverse(char d) { return d == 'R' ? 'L' : d == 'L' ? 'R' : d == 'U' ? 'D' : 'U'; }

/// A random network of up to `streams` streams on a w x h fabric; every PE cell hosts one end.
ir::layout random_network(std::mt19937& rng, std::int32_t w, std::int32_t h, int streams, std::vector<stream>& out) {
    std::set<std::pair<std::int32_t, std::int32_t>> ends;
    std::vector<ir::pe_program> programs;
    std::vector<ir::placed_pe> pes;
    std::map<std::pair<std::int32_t, std::int32_t>, ir::router> routers;
    auto pick = [&](std::int32_t n) { return std::int32_t(rng() % std::uint32_t(n)); };
    for (int s = 0; s < streams; ++s) {
        stream st;
        st.color = s;
        st.count = 1 + rng() % 40;
        std::pair<std::int32_t, std::int32_t> at{pick(w), pick(h)};
        if (ends.count(at)) continue;
        st.path.push_back(at);
        std::set<std::pair<std::int32_t, std::int32_t>> seen{at};
        const int length = 1 + pick(8);
        for (int step = 0; step < length; ++step) {
            std::vector<std::pair<std::int32_t, std::int32_t>> next;
            for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                std::pair<std::int32_t, std::int32_t> n{at.first + dx, at.second + dy};
                if (n.first >= 0 && n.second >= 0 && n.first < w && n.second < h && !seen.count(n)) next.push_back(n);
            }
            if (next.empty()) break;
            at = next[rng() % next.size()];
            seen.insert(at);
            st.path.push_back(at);
        }
        if (st.path.size() < 2 || ends.count(st.path.back())) continue;
        ends.insert(st.path.front());
        ends.insert(st.path.back());

        const std::uint8_t out_q = std::uint8_t(rng() % hw::wse2_output_queue_length.size());
        const std::uint8_t in_q = std::uint8_t(rng() % hw::wse2_input_queue_length.size());
        const std::uint32_t send_delay = rng() % 3 == 0 ? rng() % 60 : 0, read_delay = rng() % 3 == 0 ? rng() % 60 : 0;
        std::vector<word> data(st.count);
        for (std::uint32_t i = 0; i < st.count; ++i) data[i] = word(1000 * s + i);
        std::vector<ir::dsd_op> send, read;
        if (send_delay) send.push_back(op(opcode::mov, data_type::i16, {send_delay}, mem(st.count), {imm(0)}));
        send.push_back(op(opcode::mov, data_type::i16, {st.count}, fabout(out_q), {mem(0)}));
        if (read_delay) read.push_back(op(opcode::mov, data_type::i16, {read_delay}, mem(st.count), {imm(0)}));
        read.push_back(op(opcode::mov, data_type::i16, {st.count}, mem(0), {fabin(in_q)}));
        const auto base = std::uint32_t(programs.size());
        programs.push_back(program("send", send, st.count + send_delay, {words(0, data)}));
        programs.push_back(program("read", read, st.count + read_delay));
        const auto& p = st.path;
        pes.push_back(place(p.front().first, p.front().second, base, "s" + std::to_string(s), {}, {{out_q, st.color}}));
        pes.push_back(place(p.back().first, p.back().second, base + 1, "r" + std::to_string(s), {{in_q, st.color}}));
        for (std::size_t i = 0; i < p.size(); ++i) {
            const char in = i == 0 ? 'C' : reverse(direction(p[i - 1], p[i]));
            const char to = i + 1 == p.size() ? 'C' : direction(p[i], p[i + 1]);
            auto& r = routers[p[i]];
            r.x = p[i].first;
            r.y = p[i].second;
            r.colors.push_back(ir::color_route{std::uint8_t(st.color), {rule(std::string{in, '>', to})}});
        }
        out.push_back(st);
    }
    std::vector<ir::router> list;
    for (auto& [cell, r] : routers) {
        std::sort(r.colors.begin(), r.colors.end(), [](const auto& a, const auto& b) { return a.color < b.color; });
        list.push_back(r);
    }
    return make_layout(w, h, programs, pes, list);
}

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
    s.resize(8, 8);
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
    s.resize(200, 200);
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
}
