// Operation options (`async(...)`, `dsd(...)`), control and local tasks with IDs, FIFO activations,
// block/unblock and the statement intrinsics: the DSD reference's examples written in Tungsten
// (docs/tungsten.md, Operation options), each run on the fabric with the result the reference states.
#include <doctest/doctest.h>

#include "kernel_run.hpp"

using wafer::test::first_error;
using wafer::test::run;
using wafer::test::run_layout;
namespace hw = wafer::hw;
namespace ir = wafer::ir;

namespace {

// A sender at (0,0) and a receiver at (1,0) on one color.
std::string pair(const std::string& send_params = "", const std::string& recv_params = "") {
    return "let c = color()\n"
           "let a = tile()\na : paint(c [C>R])\na : code('send [tx:c" + send_params + "])\na : name('a)\n"
           "let b = tile()\nb : paint(c [L>C])\nb : code('recv [rx:c" + recv_params + "])\nb : name('b)\n"
           "hstack(a b)\n";
}

// send at (0,0) -> `middle` at (1,0) -> recv at (2,0), on two colors.
std::string relay(const std::string& middle) {
    return "let c = color()\nlet d = color()\n"
           "let a = tile()\na : paint(c [C>R])\na : code('send [tx:c])\na : name('a)\n"
           "let b = tile()\nb : paint(c [L>C])\nb : paint(d [C>R])\nb : code('" + middle + " [rx:c tx:d])\nb : name('b)\n"
           "let e = tile()\ne : paint(d [L>C])\ne : code('recv [rx:d])\ne : name('e)\n"
           "hstack(a b e)\n";
}

const char* const receive4 = "xp socket rx;\nxp out[4];\ni in [0, 4) out[i] <- rx;\n";

}  // namespace

TEST_CASE("Reset a Source Operand: dsd(zero a) sends a[i] * b[i] and leaves a zero; with one source too") {
    const auto two = run_layout(pair(), {{"send", "xp socket tx;\nxp a[4] = {1, 2, 3, 4};\nxp b[4] = {5, 6, 7, 8};\n"
                                                  "dsd(zero a) i in [0, 4) tx <- a[i] * b[i];\n"},
                                         {"recv", receive4}});
    CHECK(two.values("b.out", 4) == std::vector<std::uint32_t>{5, 12, 21, 32});
    CHECK(two.values("a.a", 4) == std::vector<std::uint32_t>{0, 0, 0, 0});
    CHECK(two.values("a.b", 4) == std::vector<std::uint32_t>{5, 6, 7, 8});
    CHECK(two.program("send").dsd_ops[0].dst.zero == ir::zero_source::first);
    const auto second = run_layout(pair(), {{"send", "xp socket tx;\nxp a[4] = {1, 2, 3, 4};\nxp b[4] = {5, 6, 7, 8};\n"
                                                     "dsd(zero b) i in [0, 4) tx <- a[i] - b[i];\n"},
                                            {"recv", receive4}});
    CHECK(second.values("a.b", 4) == std::vector<std::uint32_t>{0, 0, 0, 0});
    CHECK(second.values("a.a", 4) == std::vector<std::uint32_t>{1, 2, 3, 4});
    const auto one = run_layout(pair(), {{"send", "xp socket tx;\nxp a[4] = {1, 2, 3, 4};\n"
                                                  "dsd(zero a) i in [0, 4) tx <- a[i];\n"},
                                         {"recv", receive4}});
    CHECK(one.values("b.out", 4) == std::vector<std::uint32_t>{1, 2, 3, 4});
    CHECK(one.values("a.a", 4) == std::vector<std::uint32_t>{0, 0, 0, 0});
    CHECK(one.program("send").dsd_ops[0].dst.zero == ir::zero_source::second);  // the reference's rule
    CHECK(first_error("xp socket tx;\nxp a[4];\nxp b[4];\ndsd(zero b) i in [0, 4) tx <- a[i];\n") ==
          "zero resets a source of the operation, and 'b' is not one");
    CHECK(first_error("xp a[4];\nxp b[4];\ndsd(zero a) i in [0, 4) b[i] <- a[i];\n") ==
          "option 'zero' is an option of a socket the operation writes, and this one writes no socket");
}

TEST_CASE("Advancing Switch Positions: after dsd(advance_switch), what the PE sends goes the second way") {
    const std::string layout = "let c = color()\n"
                               "let a = tile()\na : paint(c [C>R ; C>U])\na : code('flip [tx:c])\na : name('a)\n"
                               "let e = tile()\ne : paint(c [L>C])\ne : code('recv [rx:c N:10])\ne : name('e)\n"
                               "let s = tile()\ns : paint(c [D>C])\ns : code('recv [rx:c N:5])\ns : name('s)\n"
                               "vstack(hstack(a e) s)\n";
    const auto r = run_layout(layout, {{"flip", "xp socket tx;\nxp a[15] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};\n"
                                                "dsd(advance_switch) i in [0, 10) tx <- a[i];\n"
                                                "i in [10, 15) tx <- a[i];\n"},
                                       {"recv", "xp param N;\nxp socket rx;\nxp out[N];\ni in [0, N) out[i] <- rx;\n"}});
    CHECK(r.values("e.out", 10) == std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    CHECK(r.values("s.out", 5) == std::vector<std::uint32_t>{11, 12, 13, 14, 15});
}

TEST_CASE("Dynamic Completion Based on Control Wavelets: async(on_control activate t) ends a read at a control wavelet") {
    const std::string send = "xp socket tx;\nxp a[3] = {7, 8, 9};\ni in [0, 3) tx <- a[i];\ndsd(control) tx <- 0;\n";
    const auto r = run_layout(pair(), {{"send", send},
                                       {"recv", "xp socket rx;\nxp out[10];\nxp ended = 0;\ntask stop { ended = 1; }\n"
                                                "async(on_control activate stop) i in [0, 10) out[i] <- rx;\n"}});
    CHECK(r.values("b.out", 4) == std::vector<std::uint32_t>{7, 8, 9, 0});
    CHECK(r.value("b.ended") == 1);
    const auto& op = r.program("recv").dsd_ops.back();  // after the task's
    CHECK(op.on_control.k == ir::task_action::kind::activate);
    const auto t = run_layout(pair(), {{"send", send},
                                       {"recv", "xp socket rx;\nxp out[10];\n"
                                                "async(on_control terminate) i in [0, 10) out[i] <- rx;\n"}});
    CHECK(t.values("b.out", 4) == std::vector<std::uint32_t>{7, 8, 9, 0});
    CHECK(first_error("xp socket tx;\nxp a[4];\nasync(on_control terminate) i in [0, 4) tx <- a[i];\n") ==
          "on_control ends the operation at a control wavelet it reads, and this operation reads no socket");
    CHECK(first_error("xp socket rx;\nxp a[4];\ndsd(on_control terminate) i in [0, 4) a[i] <- rx;\n") ==
          "option 'on_control' belongs to an asynchronous operation: write async(on_control terminate) instead of "
          "dsd(...)");
}

TEST_CASE("a control wavelet carries bits: a u32 goes out on an sp socket as it is") {
    // The receiver reads the control wavelet as an element with bit 31 set (control_transform).
    const auto r = run_layout(pair(), {{"send", "sp socket tx;\nu32 cmd = 0x105;\ndsd(control) tx <- cmd;\n"},
                                       {"recv", "u32 socket rx;\nu32 got[1];\nasync(control_transform) i in [0, 1) got[i] <- rx;\n"}});
    CHECK(r.values("b.got", 1) == std::vector<std::uint32_t>{0x80000105});
    const auto& op = r.program("send").dsd_ops.back();
    CHECK(op.type == ir::data_type::i32);  // a move of 32 bits, not a conversion to f32
    CHECK(op.dst.control);
    CHECK(first_error("sp socket tx;\nxp cmd = 5;\ndsd(control) tx <- cmd;\n") ==
          "a control wavelet carries its value's bits: send a variable as wide as the socket, as a u32 or s32 on an sp "
          "socket ('u32 cmd = 0x105;'), a u16 or s16 on an xp or hp one");
}

TEST_CASE("Control tasks: a control wavelet whose index names a task ID runs that control task") {
    const auto r = run_layout(pair(), {{"send", "xp socket tx;\nxp z = 0;\ndsd(control, index 12) tx <- z + 0;\n"},
                                       {"recv", "xp socket rx;\nxp ran = 0;\ncontrol task hello on rx id(12) { ran = 1; }\n"}});
    CHECK(r.value("b.ran") == 1);
    CHECK(r.program("recv").tasks[0].kind == ir::task_kind::control);
    CHECK(r.program("recv").tasks[0].id == 12);
    CHECK(first_error("xp socket rx;\ncontrol task t { }\n") ==
          "a control task names the socket its control wavelets arrive on: control task t on rx { ... }");
    CHECK(first_error("xp socket rx;\ncontrol task t on rx { }\nactivate t;\n") ==
          "task 't' is a control task, which a control wavelet runs; only a local task is activated");
    CHECK(first_error("task t id(64) { }\n") == "a task ID is a constant from 0 to 63");
}

TEST_CASE("Task IDs: id(N) fixes a task's ID; the others take the lowest free ones, never a literal id(N)") {
    const auto r = run("xp n = 0;\ntask a { n = n + 1; }\ntask b id(0) { n = n + 10; }\ntask c { n = n + 100; }\n"
                       "activate a; activate b; activate c;\n");
    REQUIRE(r.program.tasks.size() == 3);
    CHECK(r.program.tasks[0].id == 1);  // a: 0 is claimed by b
    CHECK(r.program.tasks[1].id == 0);
    CHECK(r.program.tasks[2].id == 2);
    CHECK(r.value("n") == 111);
    CHECK(first_error("xp param K = 0;\ntask a { }\ntask b id(K) { }\n") ==
          "task 'b' takes ID 0, which 'a' has: a task without id(...) takes the lowest free ID when it is declared, so "
          "give this one another ID or declare it first");
}

TEST_CASE("Explicit Index Offset: dsd(index k) puts k in the high 16 bits of every wavelet sent") {
    const auto r = run_layout(pair(), {{"send", "xp socket tx;\nxp k = 5;\nxp a[3] = {1, 2, 3};\n"
                                                "dsd(index k) i in [0, 3) tx <- a[i] + 40;\n"},
                                       {"recv", "u32 socket rx;\nu32 out[3];\ni in [0, 3) out[i] <- rx;\n"}});
    CHECK(r.values("b.out", 3) == std::vector<std::uint32_t>{5u << 16 | 41, 5u << 16 | 42, 5u << 16 | 43});
    CHECK(first_error("xp socket tx;\nxp a[3];\ndsd(index 1) i in [0, 3) tx <- a[i];\n") ==
          "an index is given only to an operation of three operands (a target and two sources), and this one is a copy; "
          "write the value as an operation such as x + 0");
}

TEST_CASE("SIMD Mode: dsd(simd32) carries two 16-bit values per wavelet, both ways") {
    const auto r = run_layout(pair(), {{"send", "xp socket tx;\nxp a[4] = {1, -2, 3, -4};\ndsd(simd32) i in [0, 4) tx <- a[i];\n"},
                                       {"recv", "xp socket rx;\nxp out[4];\ndsd(simd32) i in [0, 4) out[i] <- rx;\n"}});
    CHECK(r.values("b.out", 4) == std::vector<std::uint32_t>{1, 0xfffe, 3, 0xfffc});
    // Without SIMD the receiver reads the two packed wavelets as two elements.
    const auto plain = run_layout(pair(), {{"send", "xp socket tx;\nxp a[4] = {1, 2, 3, 4};\ndsd(simd32) i in [0, 4) tx <- a[i];\n"},
                                           {"recv", "xp socket rx;\nxp out[4];\ni in [0, 2) out[i] <- rx;\n"}});
    CHECK(plain.values("b.out", 2) == std::vector<std::uint32_t>{1, 3});
    for (const char* mode : {"simd64", "simd32_or_64"}) {
        const std::string m = mode;
        const auto two = run_layout(pair(), {{"send", "xp socket tx;\nxp a[4] = {9, 8, 7, 6};\ndsd(" + m + ") i in [0, 4) tx <- a[i];\n"},
                                             {"recv", "xp socket rx;\nxp out[4];\ndsd(" + m + ") i in [0, 4) out[i] <- rx;\n"}});
        CHECK(two.values("b.out", 4) == std::vector<std::uint32_t>{9, 8, 7, 6});
    }
    CHECK(first_error("sp socket tx;\nsp a[2];\ndsd(simd32) i in [0, 2) tx <- a[i];\n") ==
          "a SIMD mode packs 16-bit values, and this operation moves 32-bit ones");
}

TEST_CASE("Control Wavelet Transform: a FIFO relay with async(control_transform) passes a control wavelet on") {
    const auto r = run_layout(relay("buffer"), {{"send", "u32 socket tx;\nu32 a[2] = {0x12345, 0x6789a};\nu32 ctl = 0x50000;\n"
                                                "i in [0, 2) tx <- a[i];\ndsd(control) tx <- ctl;\n"},
                                       {"buffer", "u32 socket rx;\nu32 socket tx;\nu32 fifo q[5];\n"
                                                  "async(control_transform) i in [0, 3) q <- rx;\n"
                                                  "async(control_transform) i in [0, 3) tx <- q;\n"},
                                       {"recv", "u32 socket rx;\nu32 out[2];\nxp ran = 0;\n"
                                                "control task got on rx id(5) { ran = 1; }\ni in [0, 2) out[i] <- rx;\n"}});
    CHECK(r.values("e.out", 2) == std::vector<std::uint32_t>{0x12345, 0x6789a});
    CHECK(r.value("e.ran") == 1);
    CHECK(first_error("xp socket rx;\nxp fifo q[4];\nasync(control_transform) i in [0, 4) q <- rx;\n") ==
          "control_transform carries the control bit in bit 31 of an element, so it needs 32-bit data, and this "
          "operation moves 16-bit values");
}

TEST_CASE("Completion: async(unblock t) releases a blocked task when the operation completes; block keeps it back") {
    const std::string kernel = "xp socket tx;\nxp a[3] = {1, 2, 3};\nxp hits = 0;\ntask t { hits = hits + 1; }\n"
                               "block t;\nactivate t;\n";
    const auto released = run_layout(pair(), {{"send", kernel + "async(unblock t) i in [0, 3) tx <- a[i];\n"},
                                              {"recv", "xp socket rx;\nxp out[3];\ni in [0, 3) out[i] <- rx;\n"}});
    CHECK(released.value("a.hits") == 1);
    const auto held = run_layout(pair(), {{"send", kernel + "async i in [0, 3) tx <- a[i];\n"},
                                          {"recv", "xp socket rx;\nxp out[3];\ni in [0, 3) out[i] <- rx;\n"}});
    CHECK(held.value("a.hits") == 0);
    CHECK(first_error("xp socket tx;\nxp a[3];\ntask t { }\ntask u { }\nasync(activate t, unblock u) i in [0, 3) tx <- a[i];\n") ==
          "an operation activates or unblocks at most one task when it completes");
    CHECK(first_error("xp socket tx;\nxp a[3];\ntask t { }\ntask u { }\nasync(t, activate u) i in [0, 3) tx <- a[i];\n") ==
          "an operation activates or unblocks at most one task when it completes");
    // A handler is unblocked by its socket's name.
    CHECK(first_error("xp socket rx;\nxp socket tx;\nxp a[3];\nasync(unblock rx) i in [0, 3) tx <- a[i];\n") ==
          "socket 'rx' has no handler (declared before this) to block or unblock");
}

TEST_CASE("Microthreads: async(microthread N) names the microthread on WSE-3 and is an error on WSE-2") {
    const char* const kernel = "xp socket tx;\nxp a[3] = {1, 2, 3};\nasync(microthread 6, priority high) i in [0, 3) tx <- a[i];\n";
    const auto r = run_layout(pair(), {{"send", kernel}, {"recv", "xp socket rx;\nxp out[3];\ni in [0, 3) out[i] <- rx;\n"}},
                              {.arch = hw::arch::wse3});
    CHECK(r.values("b.out", 3) == std::vector<std::uint32_t>{1, 2, 3});
    CHECK(r.program("send").dsd_ops[0].microthread == 6);
    CHECK(r.program("send").dsd_ops[0].prio == ir::priority::high);
    CHECK(first_error(kernel) == "an explicit microthread needs WSE-3 (arch=wse3): on wse2 an operation's microthread "
                                 "is one of its queues");
    CHECK(first_error("xp socket rx, ry;\nxp a[3];\ni in [0, 3) a[i] = rx * ry;\n", {.arch = hw::arch::wse3}) ==
          "on WSE-3 an operation reads at most one socket, and this one reads 2: read the others into memory first");
    CHECK(first_error("xp socket tx;\nxp a[3];\nasync(priority urgent) i in [0, 3) tx <- a[i];\n") ==
          "priority 'urgent' is not a priority: high, medium or low");
    CHECK(first_error("xp socket tx;\nxp a[3];\nasync(fast) i in [0, 3) tx <- a[i];\n").starts_with(
        "'fast' is not declared: async(t) names the local task its completion activates, and the options are"));
    CHECK(first_error("xp socket tx;\nxp a[3];\ndsd(fast) i in [0, 3) tx <- a[i];\n").starts_with(
        "'fast' is not an operation option; the options are activate"));
}

TEST_CASE("Microthread Priority, in Tungsten: of two sends ready at once, async(priority high) goes first") {
    // Two sockets on one color: the receiver keeps the values in the order they arrive.
    const std::string layout = "let c = color()\n"
                               "let a = tile()\na : paint(c [C>R])\na : code('send [tx:c ty:c])\na : name('a)\n"
                               "let b = tile()\nb : paint(c [L>C])\nb : code('recv [rx:c])\nb : name('b)\nhstack(a b)\n";
    const auto order = [&](const std::string& first, const std::string& second) {
        const std::string send = "xp socket tx;\nxp socket ty;\nxp a[4] = {1, 2, 3, 4};\nxp b[4] = {11, 12, 13, 14};\n"
                                 "async(priority " + first + ") i in [0, 4) tx <- a[i];\n"
                                 "async(priority " + second + ") i in [0, 4) ty <- b[i];\n";
        return run_layout(layout, {{"send", send}, {"recv", "xp socket rx;\nxp out[8];\ni in [0, 8) out[i] <- rx;\n"}})
            .values("b.out", 8);
    };
    const std::vector<std::uint32_t> first_then_second{1, 2, 3, 4, 11, 12, 13, 14};
    const std::vector<std::uint32_t> second_then_first{11, 12, 13, 14, 1, 2, 3, 4};
    CHECK(order("low", "low") == first_then_second);
    CHECK(order("low", "high") == second_then_first);
    CHECK(order("medium", "high") == second_then_first);
    CHECK(order("high", "medium") == first_then_second);
}

TEST_CASE("Changing FIFO Properties: __builtin_set_fifo_read_length limits the next read") {
    const auto r = run("xp fifo q[8];\nxp a[6] = {1, 2, 3, 4, 5, 6};\nxp b[6];\ni in [0, 6) q <- a[i];\n"
                       "__builtin_set_fifo_read_length(q, 2);\ni in [0, 6) b[i] <- q;\n");
    CHECK(r.ints("b") == std::vector<std::int64_t>{1, 2, 0, 0, 0, 0});
    CHECK(first_error("xp a[2];\n__builtin_set_fifo_read_length(a, 2);\n") == "'a' is an array, not a FIFO");
    CHECK(first_error("__builtin_frobnicate(1);\n").starts_with("'__builtin_frobnicate' is not an intrinsic"));
}

TEST_CASE("Task Activation on Push: activate_push runs a task when a push supplies a read that found the FIFO empty") {
    const auto r = run_layout(relay("relay"), {{"send", "xp socket tx;\nxp a[4] = {4, 3, 2, 1};\ni in [0, 4) tx <- a[i];\n"},
                                       {"relay", "xp socket rx;\nxp socket tx;\nxp pushed = 0;\ntask filled { pushed = pushed + 1; }\n"
                                                 "xp fifo q[4] activate_push(filled);\n"
                                                 "async i in [0, 4) tx <- q;\nasync i in [0, 4) q <- rx;\n"},
                                       {"recv", receive4}});
    CHECK(r.values("e.out", 4) == std::vector<std::uint32_t>{4, 3, 2, 1});
    CHECK(r.value("b.pushed") >= 1);  // the pop was issued first, so it found q empty
    CHECK(r.program("relay").fifos[0].activate_push == 0);
}

TEST_CASE("Teardown: __builtin_clear_teardown(tx) lets a [C>R; tip] color take the core's wavelet") {
    const std::string layout = "let c = color()\n"
                               "let a = tile()\na : paint(c [C>R; tip])\na : code('send [tx:c])\na : name('a)\n"
                               "let b = tile()\nb : paint(c [L>C])\nb : code('recv [rx:c])\nb : name('b)\n"
                               "hstack(a b)\n";
    const auto r = run_layout(layout, {{"send", "xp socket tx;\nxp v = 0x77;\ntx <- v;\n__builtin_clear_teardown(tx);\n"},
                                       {"recv", "xp socket rx;\nxp out[1];\ni in [0, 1) out[i] <- rx;\n"}});
    CHECK(r.value("b.out") == 0x77);
    CHECK(first_error("xp socket tx;\n__builtin_clear_teardown(tx);\n") ==
          "socket 'tx' is never read or written, so Paint binds it no color, and __builtin_clear_teardown would clear "
          "nothing");
}

TEST_CASE("dsd(...) options need one DSD operation that writes a socket where they are socket options") {
    CHECK(first_error("xp socket tx;\nxp x = 1;\ndsd(control) if (x) tx <- 1;\n") != "<no error>");
    CHECK(first_error("xp socket tx;\nxp a[4];\ni in [0, 4) j in [i, 4) dsd(control) tx <- a[j];\n") != "<no error>");
    CHECK(first_error("xp socket tx;\nxp a[4];\nxp b[4];\ndsd(control) i in [0, 4) tx <- a[i] * b[i] + a[i] * b[i];\n") ==
          "a statement with dsd(...) options must be one DSD operation, and this one takes 2 operations");
    CHECK(first_error("xp socket tx;\nxp a[4];\ndsd(control, control) i in [0, 4) tx <- a[i];\n") ==
          "option 'control' is given twice");
    CHECK(first_error("xp socket tx;\nxp a[4];\ndsd(control 3) i in [0, 4) tx <- a[i];\n") ==
          "option 'control' takes no value");
}

namespace {

/// `text` compiled as wafer compiles it, and again as scalar code (fsanitize=bounds keeps every
/// statement scalar and checked): the memory both leave.
std::pair<wafer::test::ran, wafer::test::ran> both_ways(const std::string& text) {
    return {run(text), run(text, {}, {.check_bounds = true})};
}

std::size_t dynamic_ops(const ir::pe_program& p) {
    std::size_t n = 0;
    for (const auto& op : p.dsd_ops) n += op.length_reg != ir::no_reg;
    return n;
}

}  // namespace

TEST_CASE("Changing DSD Properties: a triangle's inner loop is one operation whose length and offset are set when it is issued") {
    const std::string text = "xp param N = 6;\nxp a[N] = {1, 2, 3, 4, 5, 6};\nxp b[N] = {7, -8, 9, -10, 11, -12};\n"
                             "xp m[N][N];\ni in [0, N) j in [i, N) m[i][j] = a[i] * b[j];\n";
    const auto [fast, scalar] = both_ways(text);
    CHECK(dynamic_ops(fast.program) == 1);
    CHECK(dynamic_ops(scalar.program) == 0);
    std::vector<std::int64_t> expected;
    const int a[] = {1, 2, 3, 4, 5, 6}, b[] = {7, -8, 9, -10, 11, -12};
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) expected.push_back(j >= i ? a[i] * b[j] : 0);
    CHECK(fast.ints("m") == expected);
    CHECK(scalar.ints("m") == expected);
    CHECK(fast.result.cycles < scalar.result.cycles);  // a comparison of two runs' counts, not a timing
}

TEST_CASE("Changing DSD Properties: run-time bounds and subscript offsets (b[j] = a[j + k]), an empty range included") {
    for (const auto& [lo, hi, k] : {std::tuple{0, 3, 2}, {1, 4, 4}, {3, 1, 0}, {2, 2, 1}}) {
        const std::string text = "xp a[8] = {1, 2, 3, 4, 5, 6, 7, 8};\nxp b[4];\nxp lo = " + std::to_string(lo) +
                                 ";\nxp hi = " + std::to_string(hi) + ";\nxp k = " + std::to_string(k) +
                                 ";\nj in [lo, hi) b[j] = a[j + k] + a[k - j + 3];\n";
        const auto [fast, scalar] = both_ways(text);
        CHECK(dynamic_ops(fast.program) == 1);
        CHECK(fast.ints("b") == scalar.ints("b"));
        std::vector<std::int64_t> expected(4, 0);
        for (int j = lo; j < hi; ++j) expected[std::size_t(j)] = (j + k + 1) + (k - j + 3 + 1);
        CHECK(fast.ints("b") == expected);
    }
    // What the loops' ranges tell is still checked when the kernel compiles.
    CHECK(first_error("xp a[4];\nxp m[4][4];\ni in [0, 4) j in [i, 5) m[i][j] = a[i];\n") ==
          "a subscript of 'm' takes values 0 to 4 over the loop ranges, outside dimension 'n1' of 'm' (extent 4)");
}

TEST_CASE("Changing DSD Properties: a send of a run-time number of values is one operation") {
    const auto r = run_layout(pair(), {{"send", "xp socket tx;\nxp a[6] = {5, 6, 7, 8, 9, 10};\nxp n = 4;\nxp first = 1;\n"
                                                "j in [first, first + n) tx <- a[j];\n"},
                                       {"recv", receive4}});
    CHECK(r.values("b.out", 4) == std::vector<std::uint32_t>{6, 7, 8, 9});
    CHECK(dynamic_ops(r.program("send")) == 1);
}

TEST_CASE("Streams: descriptors stored in a stream array select at run time what one operation reads and writes") {
    const std::string kernel = "sp a[4] = {1.5, 2.5, 3.5, 4.5};\nsp m[3][4];\nsp out[4];\nsp stream pick[2];\nxp k = K;\n"
                               "i in [0, 3) j in [0, 4) m[i][j] = 10.0;\n"
                               "pick[0] = stream(a);\npick[1] = stream(m[2]);\n"
                               "i in [0, 4) out[i] = pick[k][i] + pick[0][i];\n";
    for (int k : {0, 1}) {
        auto text = kernel;
        text.replace(text.find("K;"), 1, std::to_string(k));
        const auto r = run(text);
        for (int i = 0; i < 4; ++i) {
            const float expected = (k == 0 ? 2 * (1.5f + float(i)) : 10.0f + 1.5f + float(i));
            CHECK(std::bit_cast<float>(std::uint32_t(r.ints("out")[std::size_t(i)])) == expected);
        }
        CHECK(r.program.dsd_ops.back().src[0].base_reg != ir::no_reg);
        CHECK(r.program.dsd_ops.back().src[0].stride_reg != ir::no_reg);
    }
    // Written through, selected by a scalar loop's iterator: one buffer after the other.
    const auto w = run("xp buf0[4];\nxp buf1[4];\nxp stream bufs[2];\nbufs[0] = stream(buf0);\nbufs[1] = stream(buf1);\n"
                       "xp src[8] = {1, 2, 3, 4, 5, 6, 7, 8};\nr in [0, 2) i in [0, 4) bufs[r][i] = src[i + 4 * r];\n");
    CHECK(w.ints("buf0") == std::vector<std::int64_t>{1, 2, 3, 4});
    CHECK(w.ints("buf1") == std::vector<std::int64_t>{5, 6, 7, 8});
    // A column is a vector too: stream(m[r]) walks a row, and its stride is the descriptor's.
    const auto c = run("xp m[2][3] = {{1, 2, 3}, {4, 5, 6}};\nxp stream s;\nxp out[3];\ns = stream(m[1]);\n"
                       "i in [0, 3) out[i] = s[i] * 2;\n");
    CHECK(c.ints("out") == std::vector<std::int64_t>{8, 10, 12});
}

TEST_CASE("Streams: wafer's diagnostics") {
    const std::string decls = "sp a[4];\nxp b[4];\nsp m[2][4];\nsp out[4];\nsp stream pick[2];\nxp k = 0;\nsp x;\n";
    CHECK(first_error(decls + "pick[0] = stream(b);\n") == "'pick' holds streams of sp, and 'b' is xp");
    CHECK(first_error(decls + "pick[0] = stream(m);\n") ==
          "stream(...) takes a vector: subscript every dimension of 'm' but its last ('m' has 2 dimensions)");
    CHECK(first_error(decls + "out[0] = stream(a);\n") ==
          "stream(...) makes a stream descriptor, and 'out' does not hold them: declare one such as 'sp stream pick[2];'");
    CHECK(first_error(decls + "x = pick[0][1];\n").starts_with("an element of a stream is its loop's iterator"));
    CHECK(first_error(decls + "i in [0, 4) if (k == 0) out[i] = pick[0][i];\n").starts_with(
        "'pick' holds stream descriptors, and an element of a stream is read or written only by a statement that "
        "lowers to one DSD operation over one loop"));
    CHECK(first_error(decls + "i in [0, 3) out[i] = pick[k][i + 1];\n") ==
          "an element of a stream is its loop's iterator, and the loop starts at 0: write pick[k][i] in a statement "
          "with the one loop i in [0, n)");
    CHECK(first_error(decls + "x = stream(a) + 1;\n") ==
          "stream(...) makes a stream descriptor: store it into an element of a stream array, as in pick[0] = "
          "stream(a); it has no other use");
    CHECK(first_error("sp stream s = 1;\n") == "a stream descriptor takes no initializer: assign one, as in s = stream(a);");
}

TEST_CASE("Streams: fsanitize=bounds checks an operation's length against the stream's extent") {
    const std::string text = "xp a[4] = {1, 2, 3, 4};\nxp out[6];\nxp stream s;\ns = stream(a);\ni in [0, 6) out[i] = s[i];\n";
    const auto r = wafer::test::run_to_end(wafer::parse::parse_tungsten(text, "k.w"), {}, {.check_bounds = true}).result;
    REQUIRE(r.status == wafer::fabric::run_status::fault);
    CHECK(wafer::fabric::report(r).find("reads 's' at index 5 of dimension 'vector', outside its extent 4") != std::string::npos);
    // Unchecked, it reads on past a, into out (laid out after it), which it has just written.
    CHECK(run(text).ints("out") == std::vector<std::int64_t>{1, 2, 3, 4, 1, 2});
}

namespace {

/// The one operation a kernel's last statement lowered to, and the kernel run.
const ir::dsd_op& last_op(const wafer::test::ran& r) {
    REQUIRE_FALSE(r.program.dsd_ops.empty());
    return r.program.dsd_ops.back();
}

}  // namespace

TEST_CASE("mem1d/mem4d tensor_access, in Tungsten: each of the reference's access patterns is one operation") {
    // |i|{5} -> array[2 * i + 1]: the odd elements.
    const auto odd = run("u16 array[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};\nu16 odd[5];\ni in [0, 5) odd[i] = array[2 * i + 1];\n");
    CHECK(odd.ints("odd") == std::vector<std::int64_t>{1, 3, 5, 7, 9});
    CHECK(last_op(odd).src[0].stride[0] == 2);
    CHECK(odd.program.dsd_ops.size() == 1);
    // |i|{10} -> array[0]: one element, as a reduction's destination (a running sum).
    const auto sum = run("u16 array[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};\nu16 total[1];\n"
                         "i in [0, 10) total[0] <- total[0] + array[i];\n");
    CHECK(sum.value("total") == 55);
    CHECK(last_op(sum).dst.stride[0] == 0);
    // |i|{20} -> array[i, i]: the diagonal of a 20 x 20 array.
    const auto diagonal = run("u16 array[20][20];\nu16 d[20];\ni in [0, 20) j in [0, 20) array[i][j] = 100 * i + j;\n"
                              "i in [0, 20) d[i] = array[i][i];\n");
    std::vector<std::int64_t> expected;
    for (int i = 0; i < 20; ++i) expected.push_back(101 * i);
    CHECK(diagonal.ints("d") == expected);
    CHECK(last_op(diagonal).src[0].stride[0] == 21);
    // |i,j|{2,2} -> array[i, j]: a 2 x 2 corner of a 4 x 3 array.
    const auto subset = run("u16 array[4][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};\nu16 s[2][2];\n"
                            "i in [0, 2) j in [0, 2) s[i][j] = array[i][j];\n");
    CHECK(subset.ints("s") == std::vector<std::int64_t>{1, 2, 4, 5});
    CHECK(last_op(subset).rank == 2);
    // |i,j,k,l|{1,2,1,4} -> array[i, j, 1+k, l] of a [1,2,3,4] array; and {1,1,1,1} -> array[i + j + k + l].
    const auto four = run("u16 array[1][2][3][4];\nu16 s[8];\nu16 one[1];\n"
                          "i in [0, 1) j in [0, 2) k in [0, 3) l in [0, 4) array[i][j][k][l] = 100 * j + 10 * k + l;\n"
                          "i in [0, 1) j in [0, 2) k in [0, 1) l in [0, 4) s[4 * j + l] = array[i][j][1 + k][l];\n"
                          "i in [0, 1) j in [0, 1) k in [0, 1) l in [0, 1) one[i + j + k + l] = s[7];\n");
    CHECK(four.ints("s") == std::vector<std::int64_t>{10, 11, 12, 13, 110, 111, 112, 113});
    CHECK(four.value("one") == 113);
    CHECK(four.program.dsd_ops[1].rank == 4);
}

TEST_CASE("Pointers To Scalars As Destinations, in Tungsten: a scalar target of a loop keeps the last value, 6") {
    const auto r = run("hp src_array[8] = {0, 1, 2, 3, 4, 5, 6, 7};\nhp dst_array[1];\nhp dst_scalar = 0;\n"
                       "i in [0, 4) dst_array[0] = src_array[2 * i];\ni in [0, 4) dst_scalar = src_array[2 * i];\n");
    CHECK(r.bits("dst_array") == 0x4600);  // 6.0 in binary16
    CHECK(r.bits("dst_scalar") == 0x4600);
    CHECK(r.program.dsd_ops.size() == 2);  // each one @fmovh
}

TEST_CASE("FIFOs: dsd(result ok) receives a synchronous operation's result, false when the FIFO ended it early") {
    const auto r = run("xp fifo q[8];\nxp a[3] = {1, 2, 3};\nxp b[6];\nu1 ok1 = 1;\nxp ok2 = 5;\n"
                       "i in [0, 3) q <- a[i];\ndsd(result ok1) i in [0, 6) b[i] <- q;\n"
                       "i in [0, 2) q <- a[i];\ndsd(result ok2) i in [0, 2) b[i] <- q;\n");
    CHECK(r.value("ok1") == 0);  // three of six: the FIFO ran empty
    CHECK(r.value("ok2") == 1);
    CHECK(r.ints("b") == std::vector<std::int64_t>{1, 2, 3, 0, 0, 0});  // the second read rewrote b[0], b[1]
    CHECK(first_error("xp socket rx;\nxp fifo q[4];\nu1 ok;\nasync(result ok) i in [0, 4) q <- rx;\n") ==
          "an asynchronous operation has no result: its completion says it ended (activate t or unblock t)");
}

TEST_CASE("Explicit Index Offset for memory, in Tungsten: a run-time offset in the subscript starts the addition there") {
    // @add16(memDSD, memDSD, 42, .{.index = my_index}) with |i|{10} -> array[i] and wavelet_index_offset.
    const auto r = run("u16 array[16];\nxp my_index = 3;\ni in [0, 10) array[my_index + i] = array[my_index + i] + 42;\n");
    std::vector<std::int64_t> expected(16, 0);
    for (int i = 3; i < 13; ++i) expected[std::size_t(i)] = 42;
    CHECK(r.ints("array") == expected);
    REQUIRE(r.program.dsd_ops.size() == 1);
    CHECK(r.program.dsd_ops[0].dst.offset_reg != ir::no_reg);  // the offset is read when the operation is issued
}

TEST_CASE("Fabric Queues: input_queue(N) and output_queue(N) fix a socket's queues; the others take the lowest free ones") {
    const auto r = run_layout(pair(), {{"send", "xp socket tx output_queue(3);\nxp a[3] = {1, 2, 3};\ni in [0, 3) tx <- a[i];\n"},
                                       {"recv", "xp socket rx input_queue(5);\nxp out[3];\ni in [0, 3) out[i] <- rx;\n"}});
    CHECK(r.values("b.out", 3) == std::vector<std::uint32_t>{1, 2, 3});
    CHECK(r.program("send").sockets[0].output_queue == 3);
    CHECK(r.program("recv").sockets[0].input_queue == 5);
    const auto lowest = run("xp socket a;\nxp socket b input_queue(0);\nxp x;\nx = 1;\n");
    CHECK(lowest.program.sockets[1].input_queue == -1);  // fixed, but not used: no queue
    wafer::diagnostics ds;
    const auto p = wafer::tungsten::lower(
        wafer::parse::parse_tungsten("xp socket a;\nxp socket b input_queue(0);\nxp v[2];\ni in [0, 2) v[i] <- a;\n"
                                     "i in [0, 2) v[i] <- b;\n", "k.w"),
        {}, ds);
    CHECK(p.sockets[0].input_queue == 1);  // 0 is b's
    CHECK(p.sockets[1].input_queue == 0);
    CHECK(first_error("xp socket a input_queue(2);\nxp socket b input_queue(2);\n") == "input queue 2 is taken by socket 'a'");
    CHECK(first_error("xp socket a output_queue(6);\n") == "an output queue is a constant from 0 to 5 on wse2");
    CHECK(first_error("xp socket a output_queue(6);\nxp x;\n", {.arch = hw::arch::wse3}) == "<no error>");
}

TEST_CASE("Task Activation on Pop: activate_pop runs a task when a pop frees the room a push found full") {
    // The push runs first and fills q (capacity 2) while the main thread counts; the pop issued after
    // it gives the waiting push its room back.
    const auto r = run_layout(relay("relay"), {{"send", "xp socket tx;\nxp a[6] = {1, 2, 3, 4, 5, 6};\ni in [0, 6) tx <- a[i];\n"},
                                               {"relay", "xp socket rx;\nxp socket tx;\nxp popped = 0;\nxp x = 0;\n"
                                                         "task drained { popped = popped + 1; }\n"
                                                         "xp fifo q[2] activate_pop(drained);\n"
                                                         "async i in [0, 6) q <- rx;\nk in [0, 40) x = x + k;\n"
                                                         "async i in [0, 6) tx <- q;\n"},
                                               {"recv", "xp socket rx;\nxp out[6];\ni in [0, 6) out[i] <- rx;\n"}});
    CHECK(r.values("e.out", 6) == std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6});
    CHECK(r.value("b.popped") >= 1);
    CHECK(r.program("relay").fifos[0].activate_pop == 0);
}
