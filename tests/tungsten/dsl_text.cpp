#include "wafer/tungsten/dsl.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>

#include "../../examples/pipeline/kernels.hpp"
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
            }
        },
        s);
}

ast::program parsed(std::string text, std::string file) {
    auto p = wafer::parse::parse_tungsten(std::move(text), std::move(file));
    for (auto& s : p.body) clear_positions(s);
    return p;
}

ast::program parsed_example(const std::string& name) {
    std::ifstream in(std::string(WAFER_SOURCE_DIR) + "/examples/pipeline/" + name + ".w");
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
