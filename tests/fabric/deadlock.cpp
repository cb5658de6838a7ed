// The deadlock report's rendering, pinned to its exact text.
#include "wafer/fabric/deadlock.hpp"

#include <doctest/doctest.h>

#include "wafer/fabric/run_result.hpp"

using namespace wafer;

TEST_CASE("a deadlock report names each blocked PE, where it waits, and the stuck wavelets") {
    fabric::blocked_pe b;
    b.x = 2;
    b.y = 0;
    b.name = "c";
    b.kernel = "recv";
    b.waits_on = "reading socket rx (color 1, input queue 0)";
    b.since = 40;
    b.done = 8;
    b.total = 16;
    b.where = diagnostic{severity::note, "recv.w", {4, 14}, "blocked here, in operation 1 of 1", "i in [0, 16) out[i] <- rx;"};
    b.route = "color 1 comes from PE (1,0) b [compute], which halted at cycle 30";

    fabric::run_result r;
    r.status = fabric::run_status::deadlock;
    r.cycles = 57;
    r.pe_count = 3;
    r.blocked.push_back(b);
    r.diagnostics.push_back(
        diagnostic{severity::note, "", {}, "2 wavelets on color 1 wait at router (2,0): input queue 0 of PE (2,0) c [recv] is full", ""});
    CHECK(r.report() ==
          "deadlock at cycle 57: 1 of 3 PEs blocked and no wavelet can move\n"
          "  PE (2,0) c [recv]: reading socket rx (color 1, input queue 0): 8 of 16 elements received, blocked since cycle 40\n"
          "    color 1 comes from PE (1,0) b [compute], which halted at cycle 30\n"
          "    recv.w:4:14: note: blocked here, in operation 1 of 1\n"
          "    i in [0, 16) out[i] <- rx;\n"
          "                 ^\n"
          "  note: 2 wavelets on color 1 wait at router (2,0): input queue 0 of PE (2,0) c [recv] is full\n");

    b.waits_on = "writing socket tx (color 0, output queue 0): queue full";
    b.route.clear();
    b.name.clear();
    CHECK(fabric::render(b).starts_with(
        "  PE (2,0) [recv]: writing socket tx (color 0, output queue 0): queue full: 8 of 16 elements sent, blocked since cycle 40\n"
        "    recv.w:4:14: note:"));
}

TEST_CASE("the other outcomes have a one-line summary") {
    fabric::run_result r;
    r.cycles = 12;
    CHECK(r.report() == "halted at cycle 12\n");
    r.status = fabric::run_status::fault;
    r.diagnostics.push_back(diagnostic{severity::error, "k.w", {3, 5}, "PE (0,0) [k]: operation 2 accesses words 0x0..0x600f", ""});
    CHECK(r.report() == "fault at cycle 12\n  k.w:3:5: error: PE (0,0) [k]: operation 2 accesses words 0x0..0x600f\n");
    CHECK(fabric::detail::indent("a\nb", "> ") == "> a\n> b\n");
}
