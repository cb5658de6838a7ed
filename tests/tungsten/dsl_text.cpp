#include "wafer/tungsten/dsl.hpp"

#include <doctest/doctest.h>

#include "wafer/core/floats.hpp"

#include <bit>
#include <fstream>
#include <sstream>
#include <string>

#include "add/kernels.hpp"
#include "construct_kernels.hpp"
#include "broadcast/kernels.hpp"
#include "deadlock/kernels.hpp"
#include "dotbench/kernels.hpp"
#include "exchange/kernels.hpp"
#include "filter/kernels.hpp"
#include "gemv/kernels.hpp"
#include "heat2d/kernels.hpp"
#include "heateq/kernels.hpp"
#include "histogram/kernels.hpp"
#include "kernel_run.hpp"
#include "life/kernels.hpp"
#include "pipeline/kernels.hpp"
#include "placed_elsewhere.hpp"
#include "runsum/kernels.hpp"
#include "scan/kernels.hpp"
#include "stencil25/kernels.hpp"
#include "wafer/fabric/report.hpp"
#include "wafer/parse/tungsten.hpp"
#include "wafer/tungsten/positions.hpp"

// The two front ends must agree: a DSL kernel and the same text parsed are equal ASTs once their
// source positions are cleared (the text's lines, the C++ lines of the DSL's calls).

namespace w = wafer::dsl;
namespace ast = wafer::tungsten::ast;

namespace {

ast::program parsed(std::string text, std::string file) {
    return ast::without_positions(wafer::parse::parse_tungsten(std::move(text), std::move(file)));
}

ast::program parsed_example(const std::string& name, const std::string& dir = "pipeline") {
    std::ifstream in(std::string(WAFER_SOURCE_DIR) + "/examples/" + dir + "/" + name + ".w");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    return parsed(text.str(), name + ".w");
}

}  // namespace

TEST_CASE("dsl and text: the pipeline kernels are the same ASTs as send.w, compute.w and recv.w") {
    CHECK(parsed_example("send") == ast::without_positions(pipeline::send::program()));
    CHECK(parsed_example("compute") == ast::without_positions(pipeline::compute::program()));
    CHECK(parsed_example("recv") == ast::without_positions(pipeline::recv::program()));
}

TEST_CASE("dsl and text: every example's C++ kernels are the same ASTs as its .w files") {
    CHECK(parsed_example("add", "add") == ast::without_positions(add::add::program()));
    CHECK(parsed_example("recv_more", "deadlock") == ast::without_positions(deadlock::recv_more::program()));
    CHECK(parsed_example("heat2d", "heat2d") == ast::without_positions(heat2d::heat2d::program()));
    CHECK(parsed_example("heateq9pt", "heateq") == ast::without_positions(heateq::heateq9pt::program()));
    CHECK(parsed_example("source", "heateq") == ast::without_positions(heateq::source::program()));
    CHECK(parsed_example("sink", "heateq") == ast::without_positions(heateq::sink::program()));
    CHECK(parsed_example("life", "life") == ast::without_positions(life::life::program()));
    CHECK(parsed_example("drain", "life") == ast::without_positions(life::drain::program()));
    CHECK(parsed_example("scatter", "broadcast") == ast::without_positions(broadcast::scatter::program()));
    CHECK(parsed_example("part", "broadcast") == ast::without_positions(broadcast::part::program()));
    CHECK(parsed_example("exchange", "exchange") == ast::without_positions(exchange::exchange::program()));
    CHECK(parsed_example("filter", "filter") == ast::without_positions(filter::filter::program()));
    CHECK(parsed_example("gemv", "gemv") == ast::without_positions(gemv::gemv::program()));
    CHECK(parsed_example("histogram", "histogram") == ast::without_positions(histogram::histogram::program()));
    CHECK(parsed_example("stencil25", "stencil25") == ast::without_positions(stencil25::stencil25::program()));
    CHECK(parsed_example("mem_sp", "dotbench") == ast::without_positions(dotbench::mem_sp::program()));
    CHECK(parsed_example("mem_hp", "dotbench") == ast::without_positions(dotbench::mem_hp::program()));
    CHECK(parsed_example("mem_ep", "dotbench") == ast::without_positions(dotbench::mem_ep::program()));
    CHECK(parsed_example("feed_sp", "dotbench") == ast::without_positions(dotbench::feed_sp::program()));
    CHECK(parsed_example("feed_hp", "dotbench") == ast::without_positions(dotbench::feed_hp::program()));
    CHECK(parsed_example("feed_ep", "dotbench") == ast::without_positions(dotbench::feed_ep::program()));
    CHECK(parsed_example("fab_sp", "dotbench") == ast::without_positions(dotbench::fab_sp::program()));
    CHECK(parsed_example("fab_hp", "dotbench") == ast::without_positions(dotbench::fab_hp::program()));
    CHECK(parsed_example("fab_ep", "dotbench") == ast::without_positions(dotbench::fab_ep::program()));
    CHECK(parsed_example("first", "runsum") == ast::without_positions(runsum::first::program()));
    CHECK(parsed_example("addend", "runsum") == ast::without_positions(runsum::addend::program()));
    CHECK(parsed_example("last", "runsum") == ast::without_positions(runsum::last::program()));
    CHECK(parsed_example("scan", "scan") == ast::without_positions(scan::scan::program()));
}

TEST_CASE("dsl and text: comparisons, && || !, /, ?:, if and else, loops over blocks and ifs, handlers") {
    const auto text = parsed(
        "xp param N;\n"
        "xp a[n=N];\n"
        "xp b = 1;\n"
        "if (b > 0 && N != 1) a[0] = 1; else a[0] = 2;\n"
        "if (!(b <= 2) || b >= 3 || b == N) { a[1] = b / 2; }\n"
        "i in [0, N) if (i > 1) a[i] = a[i] / 2; else if (i == 0) a[i] = 0;\n"
        "i in [0, N) j in [0, 2) { b = b + j; a[i] = b; }\n"
        "xp socket rx;\n"
        "on rx(xp v, xp w) { b = v > w ? v : w; }\n",
        "x.w");

    w::kernel k("x");
    auto N = k.param<w::xp>("N");
    auto a = k.array<w::xp>("a", w::dim("n", N));
    auto b = k.var<w::xp>("b", 1);
    w::iterator i("i"), j("j");
    k(w::if_(b > 0 && N != 1)[a[0] = 1].else_[a[0] = 2]);
    k(w::if_(!(b <= 2) || b >= 3 || b == N)[w::block()(a[1] = b / 2)]);
    k(w::in(i, 0, N)[w::if_(i > 1)[a[i] = a[i] / 2].else_[w::if_(i == 0)[a[i] = 0]]]);
    k(w::in(i, 0, N)(j, 0, 2)[w::block()(b = b + j, a[i] = b)]);
    auto rx = k.socket<w::xp>("rx");
    w::handler on_rx(rx);
    auto v = on_rx.argument<w::xp>("v");
    auto w_ = on_rx.argument<w::xp>("w");
    k(on_rx(b = w::if_else(v > w_, v, w_)));

    CHECK(text == ast::without_positions(k.program()));
}

TEST_CASE("dsl and text: % and the bitwise operators, shifts, ∑ over one and two ranges") {
    const auto text = parsed(
        "xp param N;\n"
        "u16 a[n=N];\n"
        "u16 b = 1;\n"
        "b = b % 3 & 7 | b ^ 2;\n"
        "b = (~b << 2) >> 1;\n"
        "b = b x>> 1;\n"
        "a[0] = sum(i in [0, N)) a[i];\n"
        "a[1] = \xe2\x88\x91(i in [0, N) j in [i, N)) a[j] * 2 + 1;\n",
        "x.w");

    w::kernel k("x");
    auto N = k.param<w::xp>("N");
    auto a = k.array<w::u16>("a", w::dim("n", N));
    auto b = k.var<w::u16>("b", 1);
    w::iterator i("i"), j("j");
    k(b = (b % 3 & 7) | (b ^ 2));
    k(b = (~b << 2) >> 1);
    k(b = w::sar(b, 1));
    k(a[0] = w::sum(i, 0, N)[a[i]]);
    k(a[1] = w::sum(i, 0, N)(j, i, N)[a[j] * 2] + 1);  // ∑ takes a multiplicative operand

    CHECK(text == ast::without_positions(k.program()));
}

TEST_CASE("dsl and text: functions with value and array arguments, return, calls as values and statements") {
    const auto text = parsed(
        "xp param N;\n"
        "xp a[n=N];\n"
        "xp b = 1;\n"
        "xp clamp(xp x, xp hi) { if (x > hi) return hi; return x; }\n"
        "void scale(xp v[n=N], xp k) { i in [0, N) v[i] <- v[i] * k; return; }\n"
        "b = clamp(b + 1, 10);\n"
        "scale(a, b);\n"
        "clamp(b, 2);\n",
        "x.w");

    w::kernel k("x");
    auto N = k.param<w::xp>("N");
    auto a = k.array<w::xp>("a", w::dim("n", N));
    auto b = k.var<w::xp>("b", 1);
    w::function<w::xp> clamp("clamp");
    auto x = clamp.argument<w::xp>("x");
    auto hi = clamp.argument<w::xp>("hi");
    clamp(w::if_(x > hi)[w::return_(hi)], w::return_(x));
    w::function<w::void_> scale("scale");
    auto v = scale.argument<w::xp>("v", w::dim("n", N));
    auto factor = scale.argument<w::xp>("k");
    w::iterator i("i");
    scale(w::in(i, 0, N)[v[i] <- v[i] * factor], w::return_());
    k(clamp, scale);
    k(b = clamp(b + 1, 10), scale(a, b), clamp(b, 2));

    CHECK(text == ast::without_positions(k.program()));
}

TEST_CASE("dsl and text: FIFOs, tasks, control tasks, activate, block and unblock") {
    const auto text = parsed(
        "xp count = 0;\n"
        "xp socket rx;\n"
        "xp fifo q[4] activate_push(filled) activate_pop(finished);\n"
        "task finished { count = count + 1; }\n"
        "task filled id(3) { xp local = 2; count = count + local; }\n"
        "control task reset on rx id(12) { count = 0; }\n"
        "i in [0, 4) q <- rx;\n"
        "activate finished;\n"
        "block finished;\n"
        "unblock finished;\n"
        "block rx;\n",
        "x.w");

    w::kernel k("x");
    auto count = k.var<w::xp>("count", 0);
    auto rx = k.socket<w::xp>("rx");
    w::task finished("finished");
    w::task filled("filled", 3);
    w::control_task reset("reset", rx, 12);
    auto q = k.fifo<w::xp>("q", 4, w::activate_push(filled), w::activate_pop(finished));
    finished(count = count + 1);
    auto local = filled.var<w::xp>("local", 2);
    filled(count = count + local);
    reset(count = 0);
    w::iterator i("i");
    k(finished, filled, reset);
    k(w::in(i, 0, 4)[q <- rx]);
    k(w::activate(finished), w::block_(finished), w::unblock(finished), w::block_(rx));

    CHECK(text == ast::without_positions(k.program()));
}

TEST_CASE("dsl and text: async and dsd with every kind of option") {
    const auto text = parsed(
        "xp socket rx;\n"
        "xp socket tx;\n"
        "u32 socket wide;\n"
        "xp a[8];\n"
        "xp b[8];\n"
        "xp k = 1;\n"
        "u1 ok;\n"
        "u32 w[8];\n"
        "task finished { k = 0; }\n"
        "async i in [0, 8) a[i] <- rx;\n"
        "async(finished) i in [0, 8) a[i] <- rx;\n"
        "async(activate finished, priority high) tx <- a[0];\n"
        "async(unblock finished, microthread 3, priority low) tx <- a[1];\n"
        "async(on_control terminate) i in [0, 8) b[i] <- rx;\n"
        "async(on_control activate finished, priority medium) i in [0, 8) b[i] <- rx;\n"
        "dsd(zero a) i in [0, 8) tx <- a[i] * b[i];\n"
        "dsd(index k) i in [0, 8) tx <- a[i] + 0;\n"
        "dsd(index k + 1, control, advance_switch) i in [0, 8) tx <- a[i] + 0;\n"
        "dsd(result ok) i in [0, 8) a[i] <- rx;\n"
        "async(control_transform) i in [0, 8) w[i] <- wide;\n"
        "dsd(simd32, simd64, simd32_or_64) i in [0, 8) tx <- a[i];\n",
        "x.w");

    w::kernel k("x");
    auto rx = k.socket<w::xp>("rx");
    auto tx = k.socket<w::xp>("tx");
    auto wide = k.socket<w::u32>("wide");
    auto a = k.array<w::xp>("a", w::dim(8));
    auto b = k.array<w::xp>("b", w::dim(8));
    auto kk = k.var<w::xp>("k", 1);
    auto ok = k.var<w::u1>("ok");
    auto wv = k.array<w::u32>("w", w::dim(8));
    w::task finished("finished");
    finished(kk = 0);
    k(finished);
    w::iterator i("i");
    k(w::async()[w::in(i, 0, 8)[a[i] <- rx]],  //
      w::async(finished)[w::in(i, 0, 8)[a[i] <- rx]],
      w::async(w::activate(finished), w::priority(w::high))[tx <- a[0]],
      w::async(w::unblock(finished), w::microthread(3), w::priority(w::low))[tx <- a[1]],
      w::async(w::on_control(w::terminate))[w::in(i, 0, 8)[b[i] <- rx]],
      w::async(w::on_control(w::activate(finished)), w::priority(w::medium))[w::in(i, 0, 8)[b[i] <- rx]],
      w::dsd(w::zero(a))[w::in(i, 0, 8)[tx <- a[i] * b[i]]],  //
      w::dsd(w::index(kk))[w::in(i, 0, 8)[tx <- a[i] + 0]],
      w::dsd(w::index(kk + 1), w::control, w::advance_switch)[w::in(i, 0, 8)[tx <- a[i] + 0]],
      w::dsd(w::result(ok))[w::in(i, 0, 8)[a[i] <- rx]],  //
      w::async(w::control_transform)[w::in(i, 0, 8)[wv[i] <- wide]],
      w::dsd(w::simd32, w::simd64, w::simd32_or_64)[w::in(i, 0, 8)[tx <- a[i]]]);

    CHECK(text == ast::without_positions(k.program()));
}

TEST_CASE("dsl and text: literals, <-, loops, initializers and blocks") {
    const auto text = parsed(
        "xp param N; xp param M = -1;\n"
        "sp g[n=2*N][m=N+1];\n"
        "xp q[4] = {1, -2, {}, {3}};\n"
        "xp b = 0xdead;\n"
        "i in [0, N) j in [i, M) g[i][j] <- -g[i][j] * 2.5 - N;\n"
        "i in [0, N) q[i] <- 3 * (b - -1);\n"
        "main { xp t = 1; q[0] = t; { q[1] = -t; } }\n",
        "x.w");

    w::kernel k("x");
    auto N = k.param<w::xp>("N");
    auto M = k.param<w::xp>("M", -1);
    auto g = k.array<w::sp>("g", w::dim("n", 2 * N), w::dim("m", N + 1));
    auto q = k.array<w::xp>("q", w::dim(4), {1, -2, {}, {3}});
    auto b = k.var<w::xp>("b", 0xdead);
    w::iterator i("i"), j("j");
    k(w::in(i, 0, N)(j, i, M)[g[i][j] <- -g[i][j] * 2.5 - N]);
    k(w::in(i, 0, N)[q[i] <- 3 * (b - -1)]);
    w::block main_block("main");
    auto t = main_block.var<w::xp>("t", 1);
    main_block(q[0] = t, w::block()(q[1] = -t));
    k(main_block);

    CHECK(text == ast::without_positions(k.program()));
}

TEST_CASE("dsl and text: a cast is (type)x, and it lets hp meet sp") {
    const auto text = parsed(
        "xp param N;\n"
        "hp h[n=N];\n"
        "sp s[n=N];\n"
        "i in [0, N) s[i] = (sp)h[i] + s[i];\n"
        "i in [0, N) h[i] = (hp)(s[i] * 2);\n",
        "x.w");

    w::kernel k("x");
    auto N = k.param<w::xp>("N");
    auto h = k.array<w::hp>("h", w::dim("n", N));
    auto s = k.array<w::sp>("s", w::dim("n", N));
    w::iterator i("i");
    k(w::in(i, 0, N)[s[i] = w::cast<w::sp>(h[i]) + s[i]]);
    k(w::in(i, 0, N)[h[i] = w::cast<w::hp>(s[i] * 2)]);

    CHECK(text == ast::without_positions(k.program()));
}

TEST_CASE("dsl and text: hp widens to sp without a cast and narrows on assignment; sp params") {
    const std::string source =
        "xp param N = 4;\n"
        "sp param C = 0.5;\n"
        "hp h[n=N] = {0.1, 0.2, 0.3, 0.4};\n"
        "sp s[n=N] = {1.0, 2.0, 3.0, 4.0};\n"
        "i in [0, N) s[i] = h[i] + s[i] * C;\n"
        "i in [0, N) h[i] = s[i] * 2;\n";
    const auto text = parsed(source, "x.w");

    w::kernel k("x");
    auto N = k.param<w::xp>("N", 4);
    auto C = k.param<w::sp>("C", 0.5);
    auto h = k.array<w::hp>("h", w::dim("n", N), {0.1, 0.2, 0.3, 0.4});
    auto s = k.array<w::sp>("s", w::dim("n", N), {1.0, 2.0, 3.0, 4.0});
    w::iterator i("i");
    k(w::in(i, 0, N)[s[i] = h[i] + s[i] * C]);
    k(w::in(i, 0, N)[h[i] = s[i] * 2]);
    CHECK(text == ast::without_positions(k.program()));

    const auto from_text = wafer::test::run_to_end(text), from_cxx = wafer::test::run_to_end(k.program());
    REQUIRE(from_cxx.result.status == wafer::fabric::run_status::halted);
    CHECK(from_cxx.memory == from_text.memory);
    std::vector<std::int64_t> expected;
    for (int j = 0; j < 4; ++j)
        expected.push_back(wafer::hp((wafer::hp(0.1 * (j + 1)) + wafer::sp(double(j + 1)) * wafer::sp(0.5)) * 2).bits());
    CHECK(from_cxx.ints("h") == expected);
}

TEST_CASE("dsl and text: structs, unions, typedefs, member access and sizeof") {
    const std::string source =
        "struct Inner { xp d[2]; };\n"
        "struct P { xp x; sp y[2]; struct Inner in; };\n"
        "union U { sp s; u16 h[2]; };\n"
        "typedef sp real;\n"
        "typedef struct P point_t;\n"
        "typedef xp row[4];\n"
        "struct P p;\n"
        "struct P pts[n=3];\n"
        "union U u;\n"
        "point_t q;\n"
        "real r = 1.5;\n"
        "row t[m=2];\n"
        "xp s = 0;\n"
        "p.x = 7;\n"
        "p.in.d[1] = 5;\n"
        "i in [0, 3) pts[i].x = p.in.d[1] + i;\n"
        "p.y[0] = (sp)sizeof(struct P);\n"
        "u.s = r;\n"
        "t[1][2] = 9;\n"
        "q.x = t[1][2];\n"
        "s = sizeof(xp) + sizeof(p) + sizeof(pts[0].in) + sizeof(real) + sizeof(t);\n";
    const auto text = parsed(source, "records.w");
    CHECK(text == ast::without_positions(constructs::records::program()));
    // p->*y[0] and (p->*y)[0] are both p.y[0].
    w::kernel k("x");
    const auto y = w::member<w::sp>("y", w::dim(2));
    auto p = k.var(k.struct_("P", y), "p");
    CHECK(to_ast(p->*y[0]) == to_ast((p->*y)[0]));

    const auto ran = wafer::test::run_to_end(constructs::records::program());
    REQUIRE(ran.result.status == wafer::fabric::run_status::halted);
    CHECK(ran.ints("pts.x") == std::vector<std::int64_t>{5, 6, 7});
    CHECK(ran.value("q.x") == 9);
    CHECK(ran.real("p.y") == 8.0f);  // sizeof(struct P): x, a word of padding, y[2], in
    CHECK(ran.value("s") == 1 + 8 + 2 + 2 + 8);
}

TEST_CASE("dsl and text: address(), bank(), align(), address(&x), .base and a socket's queues") {
    const std::string source =
        "xp socket rx input_queue(5);\n"
        "xp socket tx output_queue(3);\n"
        "struct P { xp x; xp y; };\n"
        "xp b[n=4] address(0x100) = {1, 2, 3, 4};\n"
        "xp c[4] bank(2);\n"
        "sp d[2][2] align(4);\n"
        "u64 o[2];\n"
        "u16 h[8] address(&o);\n"
        "struct P pts[3] align(2);\n"
        "xp x address(0x140) = 5;\n"
        "xp abase = 0;\n"
        "h[0] = 7;\n"
        "abase = b.base;\n"
        "c.base <- abase;\n"
        "pts[1].y = c[2];\n"
        "i in [0, 2) tx <- rx;\n";
    CHECK(parsed(source, "placed.w") == ast::without_positions(constructs::placed::program()));
    // A scope's sockets take the same choices, both at once too.
    w::kernel k("x");
    k.socket<w::xp>("rx", w::input_queue(5), w::output_queue(2));
    CHECK(parsed("xp socket rx input_queue(5) output_queue(2);\n", "x.w") == ast::without_positions(k.program()));

    // The placements hold: b starts at 0x100, so .base reads it.
    const auto ran = wafer::test::run_to_end(constructs::placed::program());
    CHECK(ran.value("abase") == 0x100);
}

TEST_CASE("dsl and text: stream arrays, stream(x) and an element of the vector a descriptor selects") {
    const std::string source =
        "xp param K;\n"
        "sp a[4] = {1.5, 2.5, 3.5, 4.5};\n"
        "sp m[3][4];\n"
        "sp out[4];\n"
        "sp stream pick[2];\n"
        "xp stream s;\n"
        "xp n[2][3] = {{1, 2, 3}, {4, 5, 6}};\n"
        "xp twice[3];\n"
        "i in [0, 3) j in [0, 4) m[i][j] = 10.0;\n"
        "pick[0] = stream(a);\n"
        "pick[1] = stream(m[2]);\n"
        "s = stream(n[1]);\n"
        "i in [0, 4) out[i] = pick[K][i] + pick[0][i];\n"
        "i in [0, 3) twice[i] = s[i] * 2;\n";
    const auto text = parsed(source, "streams.w");
    CHECK(text == ast::without_positions(constructs::streams::program()));
    for (const std::int64_t K : {0, 1}) {
        const auto ran = wafer::test::run_to_end(constructs::streams::program(), {{"K", K}});
        REQUIRE(ran.result.status == wafer::fabric::run_status::halted);
        CHECK(ran.memory == wafer::test::run_to_end(text, {{"K", K}}).memory);
        CHECK(std::bit_cast<float>(std::uint32_t(ran.ints("out")[3])) == (K == 0 ? 9.0f : 14.5f));
        CHECK(ran.ints("twice") == std::vector<std::int64_t>{8, 10, 12});
    }
}

TEST_CASE("dsl and text: field types, wavelet(), __builtin_merge and the statement intrinsics") {
    const std::string source =
        "u32 socket rx;\n"
        "u32 socket tx;\n"
        "xp fifo q[8];\n"
        "u32 out = 0;\n"
        "u64 o[2];\n"
        "u32 ia[2] = {1, 2};\n"
        "sp va[2] = {1.0, 2.0};\n"
        "on rx(u4 kind, s12 value) { out = wavelet(kind, value, (u4)3); }\n"
        "i in [0, 2) o[i] = __builtin_merge(ia[i], va[i]);\n"
        "__builtin_clear_teardown(rx);\n"
        "__builtin_set_fifo_read_length(q, 4);\n"
        "__builtin_set_fifo_write_length(q, 2);\n"
        "tx = __builtin_merge(ia[0], va[0]);\n";
    const auto text = parsed(source, "x.w");

    w::kernel k("x");
    auto rx = k.socket<w::u32>("rx");
    auto tx = k.socket<w::u32>("tx");
    auto q = k.fifo<w::xp>("q", 8);
    auto out = k.var<w::u32>("out", 0);
    auto o = k.array<w::u64>("o", w::dim(2));
    auto ia = k.array<w::u32>("ia", w::dim(2), {1, 2});
    auto va = k.array<w::sp>("va", w::dim(2), {1.0, 2.0});
    w::handler on_rx(rx);
    auto kind = on_rx.argument<w::u4>("kind");
    auto value = on_rx.argument<w::s12>("value");
    k(on_rx(out = w::wavelet(kind, value, w::cast<w::u4>(3))));
    w::iterator i("i");
    k(w::in(i, 0, 2)[o[i] = w::builtin_merge(ia[i], va[i])]);
    k(w::clear_teardown(rx), w::set_fifo_read_length(q, 4), w::set_fifo_write_length(q, 2));
    k(tx = w::builtin_merge(ia[0], va[0]));

    CHECK(text == ast::without_positions(k.program()));
}

TEST_CASE("dsl and text: a C++ kernel imported whole or selectively is the text's import") {
    w::kernel pkg("pkg");
    auto count = pkg.var<w::xp>("count", 0);
    w::function<w::void_> bump("bump");
    bump(count = count + 1);
    pkg(bump);

    const auto text = parsed("import pkg;\nimport pkg.{bump, count};\n", "x.w");
    w::kernel k("x");
    k.import_(pkg.program()).import_(pkg.program(), {"bump", "count"});
    CHECK(text == ast::without_positions(k.program()));

    w::kernel main("main");
    main.import_(pkg.program(), {"bump"});
    auto mine = main.var<w::xp>("count", 100);
    main(bump(), bump(), mine = mine + 1);
    const auto ran = wafer::test::run_to_end(main.program());
    REQUIRE(ran.result.status == wafer::fabric::run_status::halted);
    CHECK(ran.value("pkg::count") == 2);
    CHECK(ran.value("count") == 101);
}

TEST_CASE("dsl and text: base types mix as in the text (C's usual conversions), in loops and scalar code") {
    const std::string source =
        "xp param N = 4;\n"
        "xp data[n=N] = {1, 2, 3, 4};\n"
        "sp s[n=N] = {0.5, 1.5, 2.5, 3.5};\n"
        "u32 w = 70000;\n"
        "xp x = s[0];\n"
        "i in [0, N) data[i] = data[i] + s[i];\n"
        "i in [0, N) s[i] <- data[i] * 2;\n"
        "w = w + x;\n"
        "s[0] = data[1] > s[1] ? data[0] : s[3];\n";
    const auto text = parsed(source, "x.w");

    w::kernel k("x");
    auto N = k.param<w::xp>("N", 4);
    auto data = k.array<w::xp>("data", w::dim("n", N), {1, 2, 3, 4});
    auto s = k.array<w::sp>("s", w::dim("n", N), {0.5, 1.5, 2.5, 3.5});
    auto wide = k.var<w::u32>("w", 70000);
    auto x = k.var<w::xp>("x", s[0]);
    w::iterator i("i");
    k(w::in(i, 0, N)[data[i] = data[i] + s[i]]);
    k(w::in(i, 0, N)[s[i] <- data[i] * 2]);
    k(wide = wide + x);
    k(s[0] = w::if_else(data[1] > s[1], data[0], s[3]));
    CHECK(text == ast::without_positions(k.program()));

    const auto from_text = wafer::test::run_to_end(text), from_cxx = wafer::test::run_to_end(k.program());
    REQUIRE(from_cxx.result.status == wafer::fabric::run_status::halted);
    CHECK(from_cxx.memory == from_text.memory);
    CHECK(from_cxx.ints("data") == std::vector<std::int64_t>{1, 3, 5, 7});  // sp to xp truncates toward zero
    CHECK(from_cxx.value("w") == 70000);
}

TEST_CASE(
    "dsl: a kernel's messages name the user's C++ lines: a declaration's call, the call that adds a statement, "
    "a nested scope's own calls") {
    w::kernel other("other");  // declares the names k lacks
    auto stray = other.var<w::xp>("stray");
    auto lost = other.var<w::xp>("lost");
    auto gone = other.var<w::xp>("gone");
    auto unknown = other.var<w::xp>("unknown");

    w::kernel k("placed");
    auto a = k.array<w::xp>("a", w::dim(4));
    const std::uint32_t declared = __LINE__ - 1;
    k.var<w::xp>("a");
    const std::uint32_t again = __LINE__ - 1;
    w::block b;  // a nested scope places what its own calls add
    b(a[0] = stray);
    const std::uint32_t in_block = __LINE__ - 1;
    placed_elsewhere::add_assigning(b, a[1], lost);  // a call from another file: placed at the kernel's
    k(a[1] = 1, b);
    const std::uint32_t added = __LINE__ - 1;
    k(placed_elsewhere::assigning(a[2], gone));  // a block made in another file: its lines are not k's
    const std::uint32_t helper = __LINE__ - 1;
    w::handler on(k.socket<w::xp>("rx"));
    const std::uint32_t handler = __LINE__ - 1;
    auto v = on.argument<w::xp>("v");
    const std::uint32_t argument = __LINE__ - 1;
    on(a[3] = v + unknown);
    const std::uint32_t in_handler = __LINE__ - 1;
    k(on);

    wafer::diagnostics diags;
    try {
        wafer::tungsten::lower(k.program(), {}, diags);
        FAIL("the kernel lowered");
    } catch (const wafer::error& e) {
        const auto& d = e.diagnostics();
        REQUIRE(d.size() == 6);
        CHECK(d[0].message == "duplicate scalar declaration 'a'");
        CHECK(d[0].pos.line == again);
        CHECK(d[1].level == wafer::severity::note);
        CHECK(d[1].pos.line == declared);
        CHECK(d[2].message == "'stray' is not declared");
        CHECK(d[2].pos.line == in_block);
        CHECK(d[3].message == "'lost' is not declared");
        CHECK(d[3].pos.line == added);
        CHECK(d[4].message == "'gone' is not declared");
        CHECK(d[4].pos.line == helper);
        CHECK(d[5].message == "'unknown' is not declared");
        CHECK(d[5].pos.line == in_handler);
        for (const auto& each : d) {
            CHECK(each.file == __FILE__);
            CHECK(each.pos.column > 0);
            CHECK(each.source_line.empty());  // a position, with no text to quote
        }
        CHECK(e.render().starts_with(std::string(__FILE__) + ":" + std::to_string(again) + ":"));
    }
    // Every node is placed; the handler and its argument at their own calls.
    for (auto s : k.program().body)
        ast::for_each_position(s, [](wafer::source_position& p) { CHECK(p != wafer::source_position{}); });
    const auto& on_rx = std::get<ast::handler_decl>(k.program().body.back());
    CHECK(on_rx.pos.line == handler);
    CHECK(on_rx.params.at(0).pos.line == argument);
    CHECK(on_rx.placed_in.empty());  // settled by the kernel
}

TEST_CASE("dsl: the interpreter's reports name a C++ kernel's lines") {
    w::kernel k("waits");
    auto rx = k.socket<w::xp>("rx");  // nothing sends on it: the read waits for ever
    auto got = k.array<w::xp>("got", w::dim(4));
    w::iterator i("i");
    w::block body;
    body(w::in(i, 0, 4)[got[i] = rx]);
    const std::uint32_t waits = __LINE__ - 1;
    k(body);

    const auto r = wafer::test::run_to_end(k.program());
    REQUIRE(r.result.status == wafer::fabric::run_status::deadlock);
    REQUIRE(r.result.blocked.size() == 1);
    const auto& where = r.result.blocked[0].where;
    CHECK(where.file == __FILE__);
    CHECK(where.pos.line == waits);
    CHECK(wafer::fabric::report(r.result).find(std::string(__FILE__) + ":" + std::to_string(waits) + ":") !=
          std::string::npos);
}
