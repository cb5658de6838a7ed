// Several PEs talking over routes: delivery, timing, back-pressure, and every way a run can end.
#include "wafer/fabric/fabric.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "layout_builders.hpp"
#include "wafer/core/file.hpp"
#include "wafer/fabric/cost_model.hpp"
#include "wafer/ir/symbol_map.hpp"


using namespace wafer;
using namespace wafer::test;
using fabric::run_status;

namespace {

std::vector<word> iota_words(std::uint32_t n, word first = 1) {
    std::vector<word> w(n);
    for (std::uint32_t i = 0; i < n; ++i) w[i] = word(first + i);
    return w;
}

/// a (0,0) sends `n` values on color 0; b (1,0) sends 3x + 1 of each on color 1; c (2,0) keeps
/// the first `expect` values that arrive. Routes [C>R], [L>C] / [C>R], [L>C].
ir::layout pipeline(std::uint32_t n, std::uint32_t expect) {
    auto send = program("send", {op(opcode::mov, data_type::i16, {n}, fabout(0), {mem(0)}, {9, 1})}, n,
                        {words(0, iota_words(n))}, {writes("tx", 0)});
    auto compute = program("compute",
                           {op(opcode::mac, data_type::i16, {n}, fabout(0), {fabin(0), imm(3), imm(1)}, {6, 1})}, 0,
                           {}, {reads("rx", 0), writes("tx", 0)});
    auto recv = program("recv", {op(opcode::mov, data_type::i16, {expect}, mem(0), {fabin(0)}, {7, 1})}, expect, {},
                        {reads("rx", 0)});
    return make_layout(3, 1, {send, compute, recv},
                       {place(0, 0, 0, "a", {}, {{0, 0}}), place(1, 0, 1, "b", {{0, 0}}, {{0, 1}}),
                        place(2, 0, 2, "c", {{0, 1}})},
                       {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>C"}, {1, "C>R"}}), route(2, 0, {{1, "L>C"}})});
}

/// a (0,0) sends `n` values on color 0 to b (1,0), which first runs `delay` elements of memory
/// work and then reads them.
ir::layout late_reader(std::uint32_t n, std::uint32_t delay) {
    auto send = program("send", {op(opcode::mov, data_type::i16, {n}, fabout(0), {mem(0)})}, n,
                        {words(0, iota_words(n))}, {writes("tx", 0)});
    auto recv = program("recv",
                        {op(opcode::mov, data_type::i16, {delay}, mem(n), {imm(0)}),
                         op(opcode::mov, data_type::i16, {n}, mem(0), {fabin(0)})},
                        n + delay, {}, {reads("rx", 0)});
    return make_layout(2, 1, {send, recv}, {place(0, 0, 0, "a", {}, {{0, 0}}), place(1, 0, 1, "b", {{0, 0}})},
                       {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>C"}})});
}

/// A stream through a relay that stops and starts at both ends: a (0,0) sends `n` values on color 0
/// in bursts of `burst`, `pause` elements of memory work between them; b (1,0) passes them on on
/// color 1 (fabin -> fabout, a PE that rides its router while the stream is steady); c (2,0) reads
/// them in bursts of `burst + 1` after `pause + 3` elements of work each, so b's queues fill and
/// drain at shifting moments.
ir::layout relayed_bursts(std::uint32_t n, std::uint32_t burst, std::uint32_t pause) {
    const auto pieces = [&](std::uint32_t length, std::uint32_t work, auto stream) {
        std::vector<ir::dsd_op> ops;
        for (std::uint32_t at = 0; at < n; at += length) {
            if (work > 0) ops.push_back(op(opcode::mov, data_type::i16, {work}, mem(n), {imm(0)}));
            ops.push_back(stream(at, std::min(length, n - at)));
        }
        return ops;
    };
    auto send = program("send", pieces(burst, pause, [](std::uint32_t at, std::uint32_t k) {
                            return op(opcode::mov, data_type::i16, {k}, fabout(0), {mem(at)});
                        }),
                        n + pause, {words(0, iota_words(n))}, {writes("tx", 0)});
    auto relay = program("relay", {op(opcode::mov, data_type::i16, {n}, fabout(0), {fabin(0)})}, 0, {},
                         {reads("rx", 0), writes("tx", 0)});
    auto recv = program("recv", pieces(burst + 1, pause + 3, [](std::uint32_t at, std::uint32_t k) {
                            return op(opcode::mov, data_type::i16, {k}, mem(at), {fabin(0)});
                        }),
                        n + pause + 3, {}, {reads("rx", 0)});
    return make_layout(3, 1, {send, relay, recv},
                       {place(0, 0, 0, "a", {}, {{0, 0}}), place(1, 0, 1, "b", {{0, 0}}, {{0, 1}}),
                        place(2, 0, 2, "c", {{0, 1}})},
                       {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>C"}, {1, "C>R"}}), route(2, 0, {{1, "L>C"}})});
}

/// One PE at (x, 0) of a width x 1 fabric sending `n` words on `color` with the route `rule`.
ir::layout lone_sender(std::int32_t width, std::int32_t x, std::uint32_t n, int color, std::string_view rule_text) {
    auto send = program("send", {op(opcode::mov, data_type::i16, {n}, fabout(0), {index(1)})}, 0, {},
                        {writes("tx", 0)});
    std::vector<ir::router> routes;
    if (!rule_text.empty()) routes.push_back(route(x, 0, {{color, rule_text}}));
    return make_layout(width, 1, {send}, {place(x, 0, 0, "s", {}, {{0, color}})}, routes);
}

std::vector<word> read(const fabric::fabric& f, std::int32_t x, std::int32_t y, std::size_t n) {
    auto m = f.memory(*f.pe_at(x, y));
    return {m.begin(), m.begin() + std::ptrdiff_t(n)};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a three-PE row passes values along two colors") {
    const std::uint32_t n = 10;
    fabric::fabric f(pipeline(n, n));
    const auto r = f.run();
    REQUIRE(r.status == run_status::halted);
    std::vector<word> expected;
    for (word v = 1; v <= n; ++v) expected.push_back(word(3 * v + 1));
    CHECK(read(f, 2, 0, n) == expected);
    CHECK(r.diagnostics.empty());
    CHECK(r.cycles == f.pe_cycles(*f.pe_at(2, 0)));
    CHECK(f.pe_cycles(*f.pe_at(0, 0)) < f.pe_cycles(*f.pe_at(1, 0)));
    CHECK(f.pe_cycles(*f.pe_at(1, 0)) < f.pe_cycles(*f.pe_at(2, 0)));
}

TEST_CASE("the pipeline's cycles grow with the number of wavelets, at one per cycle at best") {
    std::vector<std::uint64_t> cycles;
    for (std::uint32_t n : {4u, 16u, 64u, 256u}) {
        fabric::fabric f(pipeline(n, n));
        const auto r = f.run();
        REQUIRE(r.status == run_status::halted);
        cycles.push_back(r.cycles);
    }
    for (std::size_t i = 1; i < cycles.size(); ++i) {
        CHECK(cycles[i] > cycles[i - 1]);
    }
    // A stream cannot beat a wavelet a cycle on its links, and a steady pipeline does not fall far behind it.
    const std::uint64_t extra = 256 - 64;
    CHECK(cycles[3] - cycles[2] >= extra * hw::hop_cycles);
    CHECK(cycles[3] - cycles[2] <= 2 * extra * hw::hop_cycles);
}

TEST_CASE("runs are deterministic and a fabric can run again") {
    fabric::fabric f(pipeline(20, 20));
    const auto first = f.run();
    const auto again = f.run();
    CHECK(first.cycles == again.cycles);
    CHECK(fabric::report(first) == fabric::report(again));
    fabric::fabric g(pipeline(20, 20));
    CHECK(g.run().cycles == first.cycles);
}

TEST_CASE("back-pressure: a sender blocks while the reader is busy, and values still arrive in order") {
    const std::uint32_t delay = 200;
    const std::uint64_t delay_rate = 4;  // the reader's delay is a mov16: four a cycle on WSE-2
    // Everything one route can hold: output queue 0, the reader's router buffer, input queue 0 with
    // what is on its way down the ramp.
    const std::uint32_t room = hw::wse2_output_queue_length[0] + fabric::router_buffer_capacity + hw::input_queue_room(hw::arch::wse2, 0);
    SUBCASE("more than the route holds: the sender waits for the reader") {
        fabric::fabric f(late_reader(3 * room, delay));
        const auto r = f.run();
        REQUIRE(r.status == run_status::halted);
        CHECK(f.pe_cycles(0) > fabric::op_cycles(delay, delay_rate));
        CHECK(read(f, 1, 0, 3 * room) == iota_words(3 * room));
    }
    SUBCASE("what fits is sent before the reader starts") {
        fabric::fabric f(late_reader(room, delay));
        const auto r = f.run();
        REQUIRE(r.status == run_status::halted);
        CHECK(f.pe_cycles(0) < fabric::op_cycles(delay, delay_rate));
        CHECK(read(f, 1, 0, room) == iota_words(room));
    }
}

TEST_CASE("back-pressure through a relay: what waits in its output queue leaves first") {
    // The relay's output queue fills while the reader pauses and empties as it reads again: each
    // value must leave it before the next one the relay moves.
    const std::uint32_t n = 60;
    for (std::uint32_t burst : {1u, 2u, 3u, 7u})
        for (std::uint32_t pause : {0u, 1u, 2u, 5u, 9u}) {
            CAPTURE(burst);
            CAPTURE(pause);
            fabric::fabric f(relayed_bursts(n, burst, pause));
            const auto r = f.run();
            REQUIRE(r.status == run_status::halted);
            CHECK(read(f, 2, 0, n) == iota_words(n));
        }
}

TEST_CASE("a multicast route delivers every wavelet to both readers") {
    const std::uint32_t n = 12;
    auto send = program("send", {op(opcode::mov, data_type::i16, {n}, fabout(0), {index(100)})}, 0, {}, {writes("tx", 0)});
    auto recv = program("recv", {op(opcode::mov, data_type::i16, {n}, mem(0), {fabin(2)})}, n, {}, {reads("rx", 2)});
    fabric::fabric f(make_layout(3, 1, {send, recv},
                                 {place(0, 0, 0, "a", {}, {{0, 4}}), place(1, 0, 1, "b", {{2, 4}}), place(2, 0, 1, "c", {{2, 4}})},
                                 {route(0, 0, {{4, "C>R"}}), route(1, 0, {{4, "L>CR"}}), route(2, 0, {{4, "L>C"}})}));
    const auto r = f.run();
    REQUIRE(r.status == run_status::halted);
    CHECK(read(f, 1, 0, n) == iota_words(n, 100));
    CHECK(read(f, 2, 0, n) == iota_words(n, 100));
}

TEST_CASE("two colors share a link and a PE adds what arrives on two queues") {
    const std::uint32_t n = 16;
    auto send = program("send", {op(opcode::mov, data_type::i16, {n}, fabout(1), {mem(0)})}, n, {words(0, iota_words(n))},
                        {writes("tx", 1)});
    auto add = program("add", {op(opcode::add, data_type::i16, {n}, mem(0), {fabin(0), fabin(1)})}, n, {},
                       {reads("left", 0), reads("right", 1)});
    // a (0,0) and b (1,0) both send east through b's R port; c (2,0) reads color 2 and color 3.
    fabric::fabric f(make_layout(
        3, 1, {send, add},
        {place(0, 0, 0, "a", {}, {{1, 2}}), place(1, 0, 0, "b", {}, {{1, 3}}), place(2, 0, 1, "c", {{0, 2}, {1, 3}})},
        {route(0, 0, {{2, "C>R"}}), route(1, 0, {{2, "L>R"}, {3, "C>R"}}), route(2, 0, {{2, "L>C"}, {3, "L>C"}})}));
    const auto r = f.run();
    REQUIRE(r.status == run_status::halted);
    std::vector<word> expected;
    for (word v = 1; v <= n; ++v) expected.push_back(word(2 * v));
    CHECK(read(f, 2, 0, n) == expected);
    // One link carries one wavelet per cycle: 2n wavelets cross b's R port.
    CHECK(r.cycles >= 2 * n);
}

TEST_CASE("32-bit values travel as whole wavelets") {
    auto send = program("send", {op(opcode::mov, data_type::f32, {2}, fabout(0), {mem(0, {2})})}, 4,
                        {words(0, sp_words({1.5f, -2.25f}))}, {writes("tx", 0, data_type::f32)});
    auto recv = program("recv", {op(opcode::mul, data_type::f32, {2}, mem(0, {2}), {fabin(0), imm(sp_bits(2.0f))})}, 4,
                        {}, {reads("rx", 0, data_type::f32)});
    fabric::fabric f(make_layout(2, 1, {send, recv}, {place(0, 0, 0, "a", {}, {{0, 0}}), place(1, 0, 1, "b", {{0, 0}})},
                                 {route(0, 0, {{0, "C>R"}}), route(1, 0, {{0, "L>C"}})}));
    REQUIRE(f.run().status == run_status::halted);
    CHECK(read(f, 1, 0, 4) == sp_words({3.0f, -4.5f}));
}

TEST_CASE("deadlock: the reader waits for more than is sent, and its chain ends at the halted sender") {
    const std::uint32_t n = 8;
    fabric::fabric f(pipeline(n, 2 * n));
    const auto r = f.run();
    REQUIRE(r.status == run_status::deadlock);
    REQUIRE(r.blocked.size() == 1);
    const auto& b = r.blocked[0];
    CHECK(b.who.x == 2);
    CHECK(b.who.y == 0);
    CHECK(b.who.name == "c");
    CHECK(b.who.kernel == "recv");
    REQUIRE(b.threads.size() == 1);
    CHECK(b.threads[0].on.k == fabric::wait::kind::input);
    CHECK(b.threads[0].on.queue == 0);
    CHECK(b.threads[0].on.color == 1);
    CHECK(b.threads[0].done == n);
    CHECK(b.threads[0].total == 2 * n);
    CHECK(b.who.cycle <= r.cycles);
    CHECK(b.where.pos == source_position{7, 1});
    REQUIRE(b.chain.size() == 2);
    CHECK(b.chain[1].who.name == "b");
    CHECK(b.chain[1].who.end == fabric::pe_end::halted);
    const auto report = fabric::report(r);
    CHECK(contains(report, "deadlock at cycle " + std::to_string(r.cycles) + ": 1 of 3 PEs blocked and no wavelet can move"));
    CHECK(contains(report, "PE (2,0) c [recv]: reading socket rx (color 1, input queue 0): 8 of 16 elements received, "
                           "blocked since cycle " + std::to_string(b.who.cycle)));
    CHECK(contains(report, "waits for PE (1,0) b [compute] to send color 1, which halted at cycle"));
    CHECK(f.pe_cycles(*f.pe_at(2, 0)) == b.who.cycle);
}

TEST_CASE("deadlock: a full output queue names the writer and the reader its color leads to") {
    // b reads only 2 of the 40 values a sends.
    auto send = program("send", {op(opcode::mov, data_type::i16, {40}, fabout(0), {index(0)})}, 0, {}, {writes("tx", 0)});
    auto recv = program("recv", {op(opcode::mov, data_type::i16, {2}, mem(0), {fabin(0)})}, 2, {}, {reads("rx", 0)});
    fabric::fabric f(make_layout(2, 1, {send, recv}, {place(0, 0, 0, "a", {}, {{0, 5}}), place(1, 0, 1, "b", {{0, 5}})},
                                 {route(0, 0, {{5, "C>R"}}), route(1, 0, {{5, "L>C"}})}));
    const auto r = f.run();
    REQUIRE(r.status == run_status::deadlock);
    REQUIRE(r.blocked.size() == 1);
    CHECK(r.blocked[0].who.name == "a");
    CHECK(r.blocked[0].threads[0].on.k == fabric::wait::kind::output);
    const auto report = fabric::report(r);
    CHECK(contains(report, "writing socket tx (color 5, output queue 0): queue full"));
    CHECK(contains(report, "waits for PE (1,0) b [recv] to read color 5, which halted at cycle"));
    CHECK(contains(report, "elements sent"));
    // The wavelets that wait: in b's input queue, in both routers, in a's output queue.
    CHECK(contains(report, "wait in input queue 0 (socket rx) of PE (1,0) b [recv], which halted without reading them"));
    CHECK(contains(report, "on color 5 wait at router (1,0): the input queue of PE (1,0) b [recv] on color 5 is full"));
    CHECK(contains(report, "wait in output queue 0 (socket tx) of PE (0,0) a [send]"));
}

TEST_CASE("deadlock: two PEs each waiting for the other is a wait-for cycle") {
    // a reads b before it sends; b reads a before it sends.
    auto k = program("k",
                     {op(opcode::mov, data_type::i16, {1}, mem(0), {fabin(0)}),
                      op(opcode::mov, data_type::i16, {1}, fabout(0), {imm(1)})},
                     1, {}, {reads("rx", 0), writes("tx", 0)});
    fabric::fabric f(make_layout(2, 1, {k}, {place(0, 0, 0, "a", {{0, 1}}, {{0, 0}}), place(1, 0, 0, "b", {{0, 0}}, {{0, 1}})},
                                 {route(0, 0, {{0, "C>R"}, {1, "R>C"}}), route(1, 0, {{0, "L>C"}, {1, "C>L"}})}));
    const auto r = f.run();
    REQUIRE(r.status == run_status::deadlock);
    REQUIRE(r.blocked.size() == 2);
    CHECK(r.blocked[0].cycle);
    CHECK(contains(fabric::report(r), "PE (0,0) a [k]: reading socket rx (color 1, input queue 0)"));
    CHECK(contains(fabric::report(r), "waits for PE (1,0) b [k] to send color 1, which waits for PE (0,0) a [k] to send "
                                      "color 0: a wait-for cycle"));
}

TEST_CASE("the deadlock report quotes the kernel's source line once it is read from the file") {
    const auto file = (std::filesystem::temp_directory_path() / "wafer_fabric_deadlock_recv.w").string();
    {
        std::ofstream out(file);
        out << "xp socket rx;\nxp out[n=4];\n\ni in [0, 4) out[i] <- rx;\n";
    }
    auto recv = program("recv", {op(opcode::mov, data_type::i16, {4}, mem(0), {fabin(0)}, {4, 13})}, 4, {},
                        {reads("rx", 0)});
    recv.source_files = {file};
    fabric::fabric f(make_layout(1, 1, {recv}, {place(0, 0, 0, "r", {{0, 1}})}));
    auto r = f.run();
    REQUIRE(r.status == run_status::deadlock);
    CHECK(r.blocked[0].where.source_line.empty());  // the interpreter reads no files
    quote_source(r.blocked[0].where);
    std::remove(file.c_str());
    CHECK(r.blocked[0].where.source_line == "i in [0, 4) out[i] <- rx;");
    CHECK(contains(fabric::report(r), "waits on color 1, but router (0,0) has no route on color 1"));
    CHECK(contains(fabric::report(r), file + ":4:13: note: blocked here, in operation 1 of 1\n"
                                             "    i in [0, 4) out[i] <- rx;\n"
                                             "                ^\n"));
}

TEST_CASE("a socket bound to no color blocks its reader, and the report says so") {
    auto recv = program("recv", {op(opcode::mov, data_type::i16, {1}, mem(0), {fabin(3)})}, 1, {}, {reads("rx", 3)});
    fabric::fabric f(make_layout(1, 1, {recv}, {place(0, 0, 0, "r")}));
    const auto r = f.run();
    REQUIRE(r.status == run_status::deadlock);
    CHECK(contains(fabric::report(r), "reading socket rx (input queue 3, bound to no color)"));
    CHECK(contains(fabric::report(r), "its queue is bound to no color"));
}

TEST_CASE("a color in teardown takes nothing from its core, on a sender's router and on a relay's") {
    // pipeline(): a's router sends color 0 from its core; b's takes color 0 in and sends color 1 out;
    // b computes (mac) in one, and relays (mov, riding its router) in relayed_bursts().
    for (const bool relays : {false, true})
        for (const auto& [router, color] : {std::pair{0, 0}, std::pair{1, 1}}) {
            INFO("router (" << router << ",0), color " << color << " in teardown" << (relays ? ", b relays" : ""));
            auto layout = relays ? relayed_bursts(16, 16, 0) : pipeline(16, 16);
            layout.routers[std::size_t(router)].colors[std::size_t(color)].teardown = true;
            fabric::fabric f(layout);
            const auto r = f.run();
            REQUIRE(r.status == run_status::deadlock);
            const auto c = std::ranges::find_if(r.blocked, [](const auto& b) { return b.who.name == "c"; });
            REQUIRE(c != r.blocked.end());
            CHECK(c->threads[0].done == 0);
            const auto where = "router (" + std::to_string(router) + ",0) holds color " + std::to_string(color);
            CHECK(contains(fabric::report(r), where + " in teardown"));
        }
}

TEST_CASE("a wavelet routed off the fabric is dropped with a warning") {
    SUBCASE("one wavelet") {
        fabric::fabric f(lone_sender(5, 4, 1, 3, "C>R"));
        const auto r = f.run();
        CHECK(r.status == run_status::halted);
        REQUIRE(r.diagnostics.size() == 1);
        CHECK(r.diagnostics[0].level == severity::warning);
        CHECK(r.diagnostics[0].message.starts_with("wavelet on color 3 left the fabric going R from PE (4,0)"));
    }
    SUBCASE("several, counted once") {
        fabric::fabric f(lone_sender(5, 0, 6, 3, "C>L"));
        const auto r = f.run();
        CHECK(r.status == run_status::halted);
        REQUIRE(r.diagnostics.size() == 1);
        CHECK(r.diagnostics[0].message.starts_with("6 wavelets on color 3 left the fabric going L from PE (0,0)"));
    }
}

TEST_CASE("a run lasts until its last wavelet has moved, after every PE's last step") {
    // A sender's wavelets cross `k` routers without a PE and leave the fabric at its edge: each
    // router more is a cycle more for the last of them, though no PE steps on the way.
    auto cycles_over = [](std::int32_t k) {
        auto l = lone_sender(k + 1, 0, 4, 3, "C>R");
        for (std::int32_t x = 1; x <= k; ++x) l.routers.push_back(route(x, 0, {{3, "L>R"}}));
        fabric::fabric f(l);
        const auto r = f.run();
        CHECK(r.status == run_status::halted);
        return r.cycles;
    };
    const auto one = cycles_over(1);
    CHECK(cycles_over(2) == one + 1);
    CHECK(cycles_over(5) == one + 4);
}

TEST_CASE("wavelets with nowhere to go are counted when every PE has halted") {
    SUBCASE("no route for the color") {
        fabric::fabric f(lone_sender(1, 0, 2, 5, ""));
        const auto r = f.run();
        CHECK(r.status == run_status::halted);
        REQUIRE(r.diagnostics.size() == 2);
        CHECK(r.diagnostics[0].message == "2 wavelets were left undelivered when every PE had halted or gone idle");
        CHECK(r.diagnostics[1].message == "2 wavelets wait in output queue 0 (socket tx) of PE (0,0) s [send]: its "
                                          "router takes no color 5 from the core");
    }
    SUBCASE("the next router takes input from another port") {
        auto l = lone_sender(2, 0, 1, 5, "C>R");
        l.routers.push_back(route(1, 0, {{5, "R>C"}}));
        fabric::fabric f(l);
        const auto r = f.run();
        CHECK(r.status == run_status::halted);
        REQUIRE(r.diagnostics.size() == 2);
        CHECK(r.diagnostics[0].message == "1 wavelet was left undelivered when every PE had halted or gone idle");
        CHECK(r.diagnostics[1].message == "1 wavelet waits in output queue 0 (socket tx) of PE (0,0) s [send]: router (1,0)'s "
                                          "route on color 5 takes input from R, not L");
    }
    SUBCASE("routed to a core that does not read the color") {
        auto l = lone_sender(1, 0, 1, 5, "C>C");
        fabric::fabric f(l);
        const auto r = f.run();
        REQUIRE(r.diagnostics.size() == 2);
        CHECK(r.diagnostics[1].message == "1 wavelet waits in output queue 0 (socket tx) of PE (0,0) s [send]: PE (0,0) "
                                          "s [send] has no input queue on color 5");
    }
}

TEST_CASE("a memory access past the end of PE memory stops the run with a fault") {
    auto p = program("k",
                     {op(opcode::mov, data_type::i16, {2}, mem(0), {imm(1)}, {2, 1}),
                      op(opcode::add, data_type::i16, {32}, mem(0x5ff0), {mem(0), imm(1)}, {3, 5})},
                     2);
    p.source_files = {"k.w"};
    fabric::fabric f(ir::single_pe_layout(p));
    const auto r = f.run();
    REQUIRE(r.status == run_status::fault);
    REQUIRE(r.diagnostics.size() == 1);
    const auto& d = r.diagnostics[0];
    CHECK(d.level == severity::error);
    CHECK(d.file == "k.w");
    CHECK(d.pos == source_position{3, 5});
    CHECK(d.message == "PE (0,0) [k]: operation 2 accesses words 0x0..0x600f, outside PE memory (0x0..0x5fff) (cycle 2)");
    CHECK(r.cycles == fabric::op_cycles(2, 4));  // two mov16s: four a cycle
    CHECK(f.memory(0)[0x5ff0] == 0);  // the faulting operation did not run
    CHECK(contains(fabric::report(r), "fault at cycle"));
}

TEST_CASE("the cycle limit stops a long run where it is") {
    const std::uint32_t n = 1000;
    const std::uint64_t limit = 100;
    fabric::fabric f(ir::single_pe_layout(program("long", {op(opcode::mov, data_type::i16, {n}, mem(0), {imm(7)})}, n)));
    const auto r = f.run({.max_cycles = limit});
    CHECK(r.status == run_status::cycle_limit);
    CHECK(r.cycles == limit);
    const std::uint64_t fit = (limit - hw::wse2_timing.issue_cycles) * 4;  // mov16: four a cycle on WSE-2
    CHECK(f.memory(0)[fit - 1] == 7);
    CHECK(f.memory(0)[fit] == 0);
    CHECK(contains(fabric::report(r), "stopped by the cycle limit at cycle 100\n"));
    CHECK(contains(fabric::report(r), "1 of 1 PEs had not halted after 100 cycles"));
    CHECK(f.pe_cycles(0) == limit);
    CHECK(fabric::to_string(r.status) == "cycle_limit");
    // With room, the same fabric finishes.
    CHECK(f.run().status == run_status::halted);
}

TEST_CASE("progress is reported at multiples of progress_every") {
    fabric::fabric f(pipeline(50, 50));
    std::vector<std::uint64_t> calls;
    const auto r = f.run({.progress_every = 10, .progress = [&](std::uint64_t c) { calls.push_back(c); }});
    REQUIRE(!calls.empty());
    for (std::size_t i = 0; i < calls.size(); ++i) {
        CHECK(calls[i] % 10 == 0);
        CHECK(calls[i] <= r.cycles);
        if (i > 0) CHECK(calls[i] > calls[i - 1]);
    }
}

TEST_CASE("two fabrics are independent, load replaces memory from word 0") {
    const auto l = pipeline(4, 4);
    fabric::fabric f(l), g(l);
    const std::vector<word> other{50, 60};
    f.load(0, other);
    f.run();
    CHECK(read(f, 2, 0, 4) == std::vector<word>{151, 181, 10, 13});
    CHECK(read(g, 0, 0, 4) == iota_words(4));
    CHECK(g.memory(*g.pe_at(2, 0))[0] == 0);
    g.run();
    CHECK(read(g, 2, 0, 4) == std::vector<word>{4, 7, 10, 13});
    CHECK_THROWS_AS(f.load(0, std::vector<word>(hw::memory_words + 1)), wafer::error);
    fabric::fabric moved = std::move(g);  // a fabric moves (it is not copied: it owns its state)
    CHECK(moved.run().status == run_status::halted);
    CHECK(read(moved, 2, 0, 4) == std::vector<word>{4, 7, 10, 13});
}

TEST_CASE("pe_at maps placed PEs only") {
    fabric::fabric f(pipeline(2, 2));
    CHECK(f.pe_at(0, 0) == 0u);
    CHECK(f.pe_at(2, 0) == 2u);
    CHECK_FALSE(f.pe_at(3, 0).has_value());
    CHECK_FALSE(f.pe_at(-1, 0).has_value());
    CHECK(f.layout().width == 3);
}

TEST_CASE("a full-size 750 x 994 fabric with two PEs costs a grid index per cell and two PEs") {
    auto send = program("send", {op(opcode::mov, data_type::i16, {4}, fabout(0), {index(1)})}, 0, {}, {writes("tx", 0)});
    auto recv = program("recv", {op(opcode::mov, data_type::i16, {4}, mem(0), {fabin(0)})}, 4, {}, {reads("rx", 0)});
    fabric::fabric f(make_layout(750, 994, {send, recv},
                                 {place(700, 990, 0, "a", {}, {{0, 0}}), place(700, 993, 1, "b", {{0, 0}})},
                                 {route(700, 990, {{0, "C>U"}}), route(700, 991, {{0, "D>U"}}),
                                  route(700, 992, {{0, "D>U"}}), route(700, 993, {{0, "D>C"}})}));
    const auto r = f.run();
    REQUIRE(r.status == run_status::halted);
    CHECK(read(f, 700, 993, 4) == iota_words(4));
    CHECK_FALSE(f.pe_at(0, 0).has_value());
    const std::size_t cells = 750 * 994;
    CHECK(f.state_bytes() >= cells * sizeof(std::int32_t));
    CHECK(f.state_bytes() < cells * sizeof(std::int32_t) + 16 * 1024);  // nothing else per cell
}

TEST_CASE("a PE running a small kernel costs at most 400 bytes of fabric state besides its memory") {
    // examples/add/add.w with N = 2 on every PE of a 300 x 300 rect: no queues, so no routers.
    auto add = program("add", {op(opcode::add, data_type::i16, {2}, mem(4), {mem(0), mem(2)})}, 6);
    std::vector<ir::placed_pe> pes;
    for (std::int32_t y = 0; y < 300; ++y)
        for (std::int32_t x = 0; x < 300; ++x) pes.push_back(place(x, y, 0, "r"));
    fabric::fabric f(make_layout(300, 300, {add}, std::move(pes)));
    REQUIRE(f.run().status == run_status::halted);
    const double per_pe = double(f.state_bytes()) / (300.0 * 300.0);
    CHECK(per_pe <= 400.0);
    MESSAGE("fabric state per PE: " << per_pe << " bytes");
}

TEST_CASE("malformed layouts are rejected with diagnostics") {
    auto k = program("k", {op(opcode::mov, data_type::i16, {1}, mem(0), {fabin(9)}, {1, 1})}, 1);
    k.source_files = {"k.w"};
    try {
        fabric::fabric f(make_layout(2, 1, {k}, {place(2, 0, 0, "far"), place(0, 0, 3, "lost")}));
        FAIL("no error");
    } catch (const wafer::error& e) {
        const auto text = e.render();
        CHECK(contains(text, "k.w:1:1: error: operation 1 of kernel 'k': input queue 9 does not exist (0..7)"));
        CHECK(contains(text, "error: PE (2,0) far lies outside the 2 x 1 fabric"));
        CHECK(contains(text, "error: PE (0,0) lost runs program 3 of 1"));
    }
    CHECK_THROWS_AS(fabric::fabric(make_layout(0, 1, {}, {})), wafer::error);
    auto spilling = program("spill", {}, 4, {words(2, {1, 2, 3})});
    CHECK_THROWS_WITH_AS(fabric::fabric{ir::single_pe_layout(spilling)},
                         "kernel 'spill' has initial data for words 2 to 4, past its 4 words of memory", wafer::error);
    auto bad_route = make_layout(1, 1, {}, {}, {route(0, 0, {{30, "C>R"}})});
    CHECK_THROWS_WITH_AS(fabric::fabric{bad_route}, doctest::Contains("colors are 0..23"), wafer::error);
    auto far_socket = program("far", {}, 1, {}, {writes("tx", 40)});
    CHECK_THROWS_WITH_AS(fabric::fabric{ir::single_pe_layout(far_socket)},
                         "kernel 'far', socket 'tx': its input queue is one of 0..7 and its output queue one of 0..5 (or none)",
                         wafer::error);
}
