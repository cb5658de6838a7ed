// The deadlock report's rendering, pinned to its exact text: each blocked PE, what it waits for,
// its wait-for chain (ending at a halted PE, or coming back round as a cycle), the diagnostics.
#include "wafer/fabric/report.hpp"

#include <doctest/doctest.h>

using namespace wafer;
using namespace wafer::fabric;

namespace {
pe_ref pe(std::uint32_t i, std::int32_t x, std::string name, std::string kernel, pe_end end, std::uint64_t cycle) {
    return pe_ref{i, x, 0, std::move(name), std::move(kernel), end, cycle};
}
blocked_thread reading(std::uint8_t queue, std::int8_t color, std::int16_t socket, std::uint64_t done, std::uint64_t total) {
    return blocked_thread{0, 0, done, total, wait{wait::kind::input, queue, color, socket}};
}
}  // namespace

TEST_CASE("a deadlock report names each blocked PE, where it waits, and the chain to a halted PE") {
    blocked_pe b;
    b.who = pe(2, 2, "c", "recv", pe_end::blocked, 40);
    b.sockets = {"rx"};
    b.threads = {reading(0, 1, 0, 8, 16)};
    b.chain = {wait_step{b.who, b.threads[0], route_end{route_end::kind::pe, 1, 0, 1, 0, 1}},
               wait_step{pe(1, 1, "b", "compute", pe_end::halted, 30), {}, {}}};
    b.where = diagnostic{severity::note, "recv.w", {4, 14}, "blocked here, in operation 1 of 1", "i in [0, 16) out[i] <- rx;"};

    run_result r;
    r.status = run_status::deadlock;
    r.cycles = 57;
    r.pe_count = 3;
    r.blocked.push_back(b);
    r.diagnostics.push_back(
        diagnostic{severity::note, "", {}, "2 wavelets on color 1 wait at router (2,0): the input queue of PE (2,0) c [recv] on color 1 is full", ""});
    CHECK(report(r) ==
          "deadlock at cycle 57: 1 of 3 PEs blocked and no wavelet can move\n"
          "  PE (2,0) c [recv]: reading socket rx (color 1, input queue 0): 8 of 16 elements received, blocked since cycle 40\n"
          "    waits for PE (1,0) b [compute] to send color 1, which halted at cycle 30\n"
          "    recv.w:4:14: note: blocked here, in operation 1 of 1\n"
          "    i in [0, 16) out[i] <- rx;\n"
          "                 ^\n"
          "  note: 2 wavelets on color 1 wait at router (2,0): the input queue of PE (2,0) c [recv] on color 1 is full\n");
}

TEST_CASE("a wait-for cycle is named as one, and a route that breaks says where") {
    blocked_pe a;
    a.who = pe(0, 0, "a", "ping", pe_end::blocked, 5);
    a.sockets = {"rx", "tx"};
    a.threads = {reading(0, 1, 0, 0, 4)};
    const auto b = pe(1, 1, "b", "pong", pe_end::blocked, 6);
    a.chain = {wait_step{a.who, a.threads[0], route_end{route_end::kind::pe, 1, 0, 1, 0, 1}},
               wait_step{b, reading(0, 0, -1, 0, 4), route_end{route_end::kind::pe, 0, 0, 0, 0, 0}}};
    a.cycle = true;
    a.where = diagnostic{severity::note, "ping.w", {3, 1}, "blocked here, in operation 1 of 2", ""};
    const auto text = fabric::detail::render(a);
    CHECK(text ==
          "  PE (0,0) a [ping]: reading socket rx (color 1, input queue 0): 0 of 4 elements received, blocked since cycle 5\n"
          "    waits for PE (1,0) b [pong] to send color 1, which waits for PE (0,0) a [ping] to send color 0: a wait-for cycle\n"
          "    ping.w:3:1: note: blocked here, in operation 1 of 2\n");

    a.cycle = false;
    a.chain = {wait_step{a.who, a.threads[0], route_end{route_end::kind::not_sent, 3, 0, 1, std::uint8_t(hw::port::left), -1}}};
    CHECK(fabric::detail::chain_text(a) ==
          "waits on color 1, but the route on color 1 at router (3,0) does not send L");
    a.chain[0].next = route_end{route_end::kind::teardown, 1, 0, 1, 0, -1};
    CHECK(fabric::detail::chain_text(a) == "waits on color 1, but router (1,0) holds color 1 in teardown");
}

TEST_CASE("the other outcomes have a one-line summary") {
    run_result r;
    r.cycles = 12;
    CHECK(report(r) == "halted at cycle 12\n");
    r.status = run_status::fault;
    r.diagnostics.push_back(diagnostic{severity::error, "k.w", {3, 5}, "PE (0,0) [k]: operation 2 accesses words 0x0..0x600f", ""});
    CHECK(report(r) == "fault at cycle 12\n  k.w:3:5: error: PE (0,0) [k]: operation 2 accesses words 0x0..0x600f\n");
    CHECK(fabric::detail::indent("a\nb", "> ") == "> a\n> b\n");
}
