#include "wafer/tungsten/dsl.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>

#include "add/kernels.hpp"
#include "deadlock/kernels.hpp"
#include "heat2d/kernels.hpp"
#include "heateq/kernels.hpp"
#include "life/kernels.hpp"
#include "pipeline/kernels.hpp"
#include "wafer/parse/tungsten.hpp"

// The two front ends must agree: a DSL kernel and the same text parsed are equal ASTs once the
// parser's source positions are cleared (DSL nodes have none).

namespace w = wafer::dsl;
namespace ast = wafer::tungsten::ast;

namespace {

void clear_positions(ast::expr& e) {
    e.pos = {};
    for (auto& o : e.operands) clear_positions(o);
}

void clear_positions(ast::initializer& i) {
    i.pos = {};
    clear_positions(i.value);
    for (auto& e : i.elements) clear_positions(e);
}

void clear_positions(ast::statement& s) {
    std::visit(
        [](auto& d) {
            using T = std::remove_cvref_t<decltype(d)>;
            d.pos = {};
            if constexpr (std::is_same_v<T, ast::param_decl>) {
                if (d.default_value) clear_positions(*d.default_value);
            } else if constexpr (std::is_same_v<T, ast::var_decl>) {
                for (auto& dim : d.dims) dim.pos = {}, clear_positions(dim.extent);
                if (d.init) clear_positions(*d.init);
            } else if constexpr (std::is_same_v<T, ast::assignment>) {
                for (auto& l : d.loops) l.pos = {}, clear_positions(l.lo), clear_positions(l.hi);
                clear_positions(d.target);
                clear_positions(d.value);
            } else if constexpr (std::is_same_v<T, ast::block>) {
                for (auto& s : d.body) clear_positions(s);
            } else if constexpr (std::is_same_v<T, ast::if_statement>) {
                clear_positions(d.condition);
                for (auto& s : d.then_branch) clear_positions(s);
                for (auto& s : d.else_branch) clear_positions(s);
            } else if constexpr (std::is_same_v<T, ast::handler_decl>) {
                for (auto& a : d.params) a.pos = {};
                for (auto& s : d.body) clear_positions(s);
            } else if constexpr (std::is_same_v<T, ast::loop_statement>) {
                for (auto& l : d.loops) l.pos = {}, clear_positions(l.lo), clear_positions(l.hi);
                for (auto& s : d.body) clear_positions(s);
            }
        },
        s);
}

ast::program parsed(std::string text, std::string file) {
    auto p = wafer::parse::parse_tungsten(std::move(text), std::move(file));
    for (auto& s : p.body) clear_positions(s);
    return p;
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
    CHECK(parsed_example("send") == pipeline::send_kernel());
    CHECK(parsed_example("compute") == pipeline::compute_kernel());
    CHECK(parsed_example("recv") == pipeline::recv_kernel());
}

TEST_CASE("dsl and text: every example's C++ kernels are the same ASTs as its .w files") {
    CHECK(parsed_example("add", "add") == add::add_kernel());
    CHECK(parsed_example("recv_more", "deadlock") == deadlock::recv_more_kernel());
    CHECK(parsed_example("heat2d", "heat2d") == heat2d::heat2d_kernel());
    CHECK(parsed_example("heateq9pt", "heateq") == heateq::heateq9pt_kernel());
    CHECK(parsed_example("source", "heateq") == heateq::source_kernel());
    CHECK(parsed_example("sink", "heateq") == heateq::sink_kernel());
    CHECK(parsed_example("life", "life") == life::life_kernel());
    CHECK(parsed_example("drain", "life") == life::drain_kernel());
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

    CHECK(text == k.program());
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

    CHECK(text == k.program());
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

    CHECK(text == k.program());
}
